// The bare limit: node:http answering the same bytes from memory, and the same lead insert
// through a plain mysql2 pool. Started by bench/run.mjs with the bytes to serve.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createPool } from 'mysql2/promise';

const { port, catalogFile, landingFile, databaseUrl, catalogHeaders = [] } = JSON.parse(process.argv[2]);
const catalog = readFileSync(catalogFile);
const landing = readFileSync(landingFile);
const u = new URL(databaseUrl);
const pool = createPool({
  host: u.hostname,
  port: Number(u.port || 3306),
  user: decodeURIComponent(u.username),
  password: decodeURIComponent(u.password),
  database: u.pathname.slice(1),
  connectionLimit: 10,
});
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The same insert as the app's: every column of the table (read from the schema, so it follows
// the migrations), the account of the address looked up inside the statement.
const [cols] = await pool.query(
  "SELECT COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'leads' AND EXTRA NOT LIKE '%auto_increment%' ORDER BY ORDINAL_POSITION",
);
const columns = cols.map((r) => r.c);
const INSERT =
  `INSERT INTO \`leads\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES (` +
  columns.map((c) => (c === 'userId' ? 'COALESCE(?, (SELECT u.`id` FROM `users` u WHERE u.`email` = ?))' : '?')).join(', ') +
  ')';
function params(b, email) {
  const row = {
    email,
    courseType: b.courseType,
    source: b.source,
    contacted: 0,
    createdAt: new Date(),
    trafficSource: b.trafficSource ?? null,
  };
  const out = [];
  for (const c of columns) {
    out.push(row[c] ?? null);
    if (c === 'userId') out.push(email);
  }
  return out;
}

/** The bare insert: parse, check the address, one INSERT; every failure answers 400, so the promise never rejects. */
async function insertLead(raw, res) {
  try {
    const b = JSON.parse(raw.toString());
    if (typeof b.email !== 'string' || !EMAIL.test(b.email)) throw new Error('bad');
    const [r] = await pool.execute(INSERT, params(b, b.email.trim().toLowerCase()));
    const body = JSON.stringify({ success: true, id: r.insertId });
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch {
    res.writeHead(400).end();
  }
}

createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/api/catalog') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': catalog.length });
    return res.end(catalog);
  }
  // The same bytes with the headers the app sends with them (its security headers, ETag, caching)
  // and a fresh request id each: what answering from memory costs once those headers are part of it.
  if (req.method === 'GET' && req.url === '/api/catalog/app-headers') {
    res.writeHead(200, [...catalogHeaders, 'x-request-id', randomUUID(), 'content-length', String(catalog.length)]);
    return res.end(catalog);
  }
  if (req.method === 'GET' && req.url === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': landing.length });
    return res.end(landing);
  }
  if (req.method === 'POST' && req.url === '/api/leads') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => void insertLead(Buffer.concat(chunks), res));
    return;
  }
  res.writeHead(404).end();
}).listen(port, '127.0.0.1', () => process.send?.('ready'));
