import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';

/**
 * The production build (`node backend/dist/main.js`) as a child process, on a database the caller
 * made (SQLite file or MariaDB database). Unlike the browser suites' helper it hands out the
 * process, so a suite can signal it and read its exit code.
 */

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const BACKEND_MAIN = join(REPO_ROOT, 'backend', 'dist', 'main.js');
export const FRONTEND_INDEX = join(REPO_ROOT, 'frontend', 'dist', 'client', 'index.html');

export interface ProdServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (or the signal) when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after `graceMs` if it is still running. */
  stop(graceMs?: number): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.unref();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => res(port));
    });
  });
}

export function requireBuild(opts: { frontend?: boolean } = {}): void {
  const missing = [BACKEND_MAIN, ...(opts.frontend ? [FRONTEND_INDEX] : [])].filter((p) => !existsSync(p));
  if (missing.length) throw new Error(`The production build is missing (${missing.join(', ')}): run \`npm run build\` first.`);
}

export async function startProdServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  startTimeoutMs = 60_000,
): Promise<ProdServer> {
  requireBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, [BACKEND_MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_WRITES: '10000000',
      RATE_LIMIT_LOGIN: '10000000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.once('exit', (code, signal) => res({ code, signal })),
  );
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${startTimeoutMs / 1000} s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    child,
    output: () => out,
    exited,
    stop: async (graceMs = 10_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs a read-only query on the database behind a URL (the server may be gone by then). */
export async function queryDatabase<T = Record<string, unknown>>(databaseUrl: string, sql: string): Promise<T[]> {
  if (databaseUrl.startsWith('sqlite:')) {
    const ds = await new DataSource({
      type: 'better-sqlite3',
      database: resolve(databaseUrl.slice('sqlite:'.length)),
    }).initialize();
    try {
      return (await ds.query(sql)) as T[];
    } finally {
      await ds.destroy();
    }
  }
  const u = new URL(databaseUrl);
  const conn = await createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password || ''),
    database: decodeURIComponent(u.pathname.slice(1)),
  });
  try {
    const [rows] = await conn.query(sql);
    return rows as T[];
  } finally {
    await conn.end();
  }
}
