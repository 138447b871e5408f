import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { delimiter, join, resolve } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';

/**
 * The database half of a backup: a consistent dump of MySQL/MariaDB with the client's dump tool
 * (`mariadb-dump` or `mysqldump --single-transaction`, one snapshot without locking the tables), or of
 * the embedded SQLite file with SQLite's online backup API (better-sqlite3). And the way back.
 */

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface MysqlTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export function mysqlTarget(databaseUrl: string): MysqlTarget {
  const u = new URL(databaseUrl);
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password || ''),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
  };
}

export function sqliteFile(databaseUrl: string): string {
  return resolve(databaseUrl.replace(/^sqlite:/, ''));
}

/** The first of `names` found on PATH. */
function findTool(names: string[]): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter))
    for (const name of names) if (dir && existsSync(join(dir, name))) return join(dir, name);
  return null;
}

/** The credentials in an option file only this process can read (never on the command line, where `ps` shows them). */
async function optionFile(t: MysqlTarget, dir: string): Promise<string> {
  const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const path = join(dir, 'client.cnf');
  await writeFile(
    path,
    `[client]\nhost=${quote(t.host)}\nport=${t.port}\nuser=${quote(t.user)}\npassword=${quote(t.password)}\n`,
    {
      mode: 0o600,
    },
  );
  await chmod(path, 0o600);
  return path;
}

function run(tool: string, args: string[], io: { stdin?: string; stdout?: string }): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { stdio: [io.stdin ? 'pipe' : 'ignore', io.stdout ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    const out = io.stdout ? createWriteStream(io.stdout) : null;
    if (out && child.stdout) child.stdout.pipe(out);
    if (io.stdin && child.stdin) {
      const input = createReadStream(io.stdin);
      input.on('error', reject);
      child.stdin.on('error', () => undefined);
      input.pipe(child.stdin);
    }
    child.on('error', reject);
    child.on('close', (code) => {
      const done = () =>
        code === 0
          ? resolvePromise()
          : reject(new BackupError(`${tool.split('/').pop()} avsluttet med kode ${code}: ${stderr.trim() || '(ingen melding)'}`));
      if (out) out.close(() => done());
      else done();
    });
  });
}

/** Dumps the MySQL database into `file` (one consistent snapshot; routines and triggers included). */
export async function dumpMysql(databaseUrl: string, file: string, workDir: string): Promise<void> {
  const tool = findTool(['mariadb-dump', 'mysqldump']);
  if (!tool)
    throw new BackupError(
      'Fant verken mariadb-dump eller mysqldump. Installer MariaDB- eller MySQL-klienten (Debian: apt install mariadb-client) / ' +
        'neither mariadb-dump nor mysqldump was found',
    );
  const t = mysqlTarget(databaseUrl);
  const dir = await mkdtemp(join(workDir, '.cnf-'));
  try {
    const cnf = await optionFile(t, dir);
    await run(
      tool,
      [
        `--defaults-extra-file=${cnf}`,
        '--single-transaction',
        '--routines',
        '--triggers',
        '--hex-blob',
        '--no-tablespaces',
        '--default-character-set=utf8mb4',
        '--skip-lock-tables',
        t.database,
      ],
      { stdout: file },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function connect(t: MysqlTarget, database?: string): Promise<Connection> {
  try {
    return await createConnection({
      host: t.host,
      port: t.port,
      user: t.user,
      password: t.password,
      database,
      multipleStatements: false,
    });
  } catch (e) {
    throw new BackupError(`Kunne ikke koble til MySQL på ${t.host}:${t.port} som ${t.user}: ${(e as Error).message}`);
  }
}

/** The tables (and views) in the database, or null when the database does not exist. */
export async function mysqlTables(databaseUrl: string): Promise<string[] | null> {
  const t = mysqlTarget(databaseUrl);
  const c = await connect(t);
  try {
    const [dbs] = await c.query('SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [t.database]);
    if ((dbs as unknown[]).length === 0) return null;
    const [rows] = await c.query(
      'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME',
      [t.database],
    );
    return (rows as Array<{ name: string }>).map((r) => r.name);
  } finally {
    await c.end();
  }
}

/** Loads a dump into the database (made when missing; emptied first when `force`). */
export async function restoreMysql(databaseUrl: string, file: string, workDir: string, force: boolean): Promise<void> {
  const tool = findTool(['mariadb', 'mysql']);
  if (!tool)
    throw new BackupError(
      'Fant verken mariadb- eller mysql-klienten (Debian: apt install mariadb-client) / no mysql client found',
    );
  const t = mysqlTarget(databaseUrl);
  const tables = await mysqlTables(databaseUrl);
  const c = await connect(t);
  try {
    if (tables === null)
      await c.query(`CREATE DATABASE \`${t.database.replace(/`/g, '``')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    else if (tables.length && force) {
      await c.query(`USE \`${t.database.replace(/`/g, '``')}\``);
      await c.query('SET FOREIGN_KEY_CHECKS = 0');
      const [views] = await c.query('SELECT TABLE_NAME AS name FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ?', [
        t.database,
      ]);
      const viewNames = new Set((views as Array<{ name: string }>).map((v) => v.name));
      for (const name of tables)
        await c.query(`DROP ${viewNames.has(name) ? 'VIEW' : 'TABLE'} IF EXISTS \`${name.replace(/`/g, '``')}\``);
      await c.query('SET FOREIGN_KEY_CHECKS = 1');
    }
  } finally {
    await c.end();
  }
  const dir = await mkdtemp(join(workDir, '.cnf-'));
  try {
    const cnf = await optionFile(t, dir);
    await run(tool, [`--defaults-extra-file=${cnf}`, '--default-character-set=utf8mb4', t.database], { stdin: file });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface SqliteDb {
  backup(dest: string): Promise<unknown>;
  prepare(sql: string): { get(): unknown };
  close(): void;
}

function openSqlite(file: string, readonly: boolean): SqliteDb {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = require('better-sqlite3') as new (f: string, o: object) => SqliteDb;
  return new Database(file, { readonly, fileMustExist: true });
}

/** An online copy of the SQLite database (consistent while the site keeps writing). */
export async function dumpSqlite(databaseUrl: string, file: string): Promise<void> {
  const source = sqliteFile(databaseUrl);
  if (!existsSync(source)) throw new BackupError(`Databasefilen ${source} finnes ikke / the database file does not exist`);
  const db = openSqlite(source, true);
  try {
    await db.backup(file);
  } finally {
    db.close();
  }
}

/** The number of tables in the SQLite file (0 when it does not exist). */
export function sqliteTableCount(databaseUrl: string): number {
  const file = sqliteFile(databaseUrl);
  if (!existsSync(file)) return 0;
  const db = openSqlite(file, true);
  try {
    const row = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").get() as {
      n: number;
    };
    return row.n;
  } finally {
    db.close();
  }
}

/** Puts the restored file in place of the database (its WAL files go: they belong to the old one). */
export async function restoreSqlite(databaseUrl: string, file: string): Promise<void> {
  const target = sqliteFile(databaseUrl);
  const temp = `${target}.restore-${process.pid}`;
  await copyFile(file, temp);
  for (const extra of ['-wal', '-shm', '-journal']) await rm(`${target}${extra}`, { force: true });
  await rename(temp, target);
}
