import { ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import type { FakeDiscord } from '../api/support/fake-discord';
import type { FakeMux } from '../api/support/fake-mux';
import { fakeStripeEnv, type FakeStripe } from '../api/support/fake-stripe';
import { fakeVippsEnv, type FakeVipps } from '../api/support/fake-vipps';
import { TEMPLATE_ENV } from '../api/support/test-database';

/**
 * The one launcher of the production build (`node backend/dist/main.js`, run `npm run build` first)
 * as a child process, for the API, browser and load suites: a free port, a database (a fresh SQLite
 * file unless told otherwise), the fakes' URLs, and a wait until /api/health answers. It hands out
 * the process, so a suite can signal it and read its exit code.
 */

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const BACKEND_MAIN = join(REPO_ROOT, 'backend', 'dist', 'main.js');
export const FRONTEND_INDEX = join(REPO_ROOT, 'frontend', 'dist', 'client', 'index.html');

/** The mentor's account, made at start-up from ADMIN_EMAIL and ADMIN_PASSWORD (with `admin: true`). */
export const ADMIN = { email: 'admin@example.no', password: 'admin-passord-123' };

export interface ServerOptions {
  /** A database URL the caller made (SQLite file or MariaDB database); without it, a fresh SQLite file removed on stop. */
  databaseUrl?: string;
  /** Variables over the defaults (they win over everything else). */
  env?: Record<string, string>;
  /** Fakes the server talks to instead of the providers (their URLs and keys go into its environment). */
  fakes?: { stripe?: FakeStripe; vipps?: FakeVipps; discord?: FakeDiscord; mux?: FakeMux };
  /** Makes the mentor's account `ADMIN` at start-up. */
  admin?: boolean;
  /** A fixed port (a free one otherwise). */
  port?: number;
  /** The built entry point (`backend/dist/main.js` otherwise). */
  main?: string;
  /** Also require the storefront's build (the browser suites). */
  frontend?: boolean;
  startTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The DATABASE_URL the server runs on. */
  databaseUrl: string;
  child: ChildProcess;
  /** Everything the process printed so far (JSON log lines). */
  output(): string;
  /** Resolves with the exit code (or the signal) when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after `graceMs` if it is still running; removes a database it made. */
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

export function requireBuild(opts: { frontend?: boolean; main?: string } = {}): void {
  const missing = [opts.main ?? BACKEND_MAIN, ...(opts.frontend ? [FRONTEND_INDEX] : [])].filter((p) => !existsSync(p));
  if (missing.length) throw new Error(`The production build is missing (${missing.join(', ')}): run \`npm run build\` first.`);
}

/** The environment the fakes need (URLs, keys, secrets). */
export function fakesEnv(fakes: ServerOptions['fakes'] = {}): Record<string, string> {
  return {
    ...(fakes.stripe ? fakeStripeEnv(fakes.stripe) : {}),
    ...(fakes.vipps ? fakeVippsEnv(fakes.vipps) : {}),
    ...(fakes.discord ? fakes.discord.env() : {}),
    ...(fakes.mux ? fakes.mux.env() : {}),
  };
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const main = opts.main ?? BACKEND_MAIN;
  requireBuild({ main, frontend: opts.frontend });
  const startTimeoutMs = opts.startTimeoutMs ?? 60_000;
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dir = opts.databaseUrl ? null : mkdtempSync(join(tmpdir(), 'ta-server-'));
  const databaseUrl = opts.databaseUrl ?? `sqlite:${join(dir!, 'app.sqlite')}`;
  const removeDir = () => dir && rmSync(dir, { recursive: true, force: true });
  // A fresh file starts as a copy of the run's migrated template (jest's globalSetup), when there is one.
  const template = process.env[TEMPLATE_ENV.sqlite];
  if (dir && template && existsSync(template)) copyFileSync(template, join(dir, 'app.sqlite'));
  let out = '';
  const child = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      ...(opts.admin ? { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } : {}),
      RATE_LIMIT_WRITES: '10000000',
      RATE_LIMIT_LOGIN: '10000000',
      LOG_LEVEL: 'warn',
      ...fakesEnv(opts.fakes),
      ...opts.env,
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
    if (child.exitCode !== null) {
      removeDir();
      throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    }
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      removeDir();
      throw new Error(`server did not start in ${startTimeoutMs / 1000} s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    databaseUrl,
    child,
    output: () => out,
    exited,
    stop: async (graceMs = 10_000) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
        clearTimeout(timer);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      }
      removeDir();
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
