import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, REPO_ROOT, requireBuild } from '../support/server';

/**
 * A newcomer's first minutes: `npm start` (scripts/start.mjs, on the production build) prints a plain
 * banner after the logs with the site, the admin panel and the first administrator's generated login;
 * `npm run admin:reset-password` makes a new one. On its own SQLite file, whatever the test database.
 */
describe('npm start and the first administrator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'start-'));
  let port: number;
  let url: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    requireBuild();
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`,
      LOG_LEVEL: 'info',
      // Set (empty) so that a developer's own .env cannot fill them in.
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      MAIL_POLL_INTERVAL_MS: '0',
      MARKETING_POLL_INTERVAL_MS: '0',
      LIVE_REMINDER_INTERVAL_MS: '0',
      MENTORSHIP_REMINDER_INTERVAL_MS: '0',
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs `node scripts/start.mjs` until its banner is printed; answers everything printed and the process. */
  async function start(): Promise<{ out: string; child: ChildProcess; stop: () => Promise<void> }> {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts/start.mjs')], { cwd: REPO_ROOT, env, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<void>((res) => child.once('exit', () => res()));
    const deadline = Date.now() + 60_000;
    while (!/admin panel[^\n]*\n[^]*\n=+\n/i.test(out)) {
      if (child.exitCode !== null) throw new Error(`npm start stopped with ${child.exitCode}:\n${out}`);
      if (Date.now() > deadline) throw new Error(`no banner within 60 s:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const stop = async () => {
      child.kill('SIGTERM');
      await exited;
    };
    return { out, child, stop };
  }

  const login = (email: string, password: string) =>
    fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('the first start prints the site, the admin panel and the generated login after the logs; the login works', async () => {
    const first = await start();
    try {
      const bannerAt = first.out.lastIndexOf(' is running');
      expect(first.out.indexOf('Listening on')).toBeGreaterThan(-1);
      expect(first.out.indexOf('Listening on')).toBeLessThan(bannerAt);
      const banner = first.out.slice(bannerAt);
      expect(banner).toContain(`Site:        ${url}/`);
      expect(banner).toContain(`Admin panel: ${url}/admin`);
      expect(banner).toContain('Email:    admin@example.com');
      expect(banner).toContain('npm run admin:reset-password');
      // Plain text for a person: no JSON log line inside the banner.
      expect(banner.split('\n').filter((l) => l.startsWith('{'))).toEqual([]);
      const password = /Password: (\S+)/.exec(banner)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect((await login('admin@example.com', password!)).status).toBe(200);

      // A new password while the service runs: the old one and its sessions stop working.
      const session = (await login('admin@example.com', password!)).headers.get('set-cookie')!.split(';')[0];
      const reset = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/admin-reset-password.mjs')], {
        cwd: REPO_ROOT,
        env,
        encoding: 'utf8',
      });
      expect(reset.status).toBe(0);
      const fresh = /New password for the administrator admin@example\.com:\s+(\S+)/.exec(reset.stdout)?.[1];
      expect(fresh).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect((await login('admin@example.com', password!)).status).toBe(401);
      expect((await login('admin@example.com', fresh!)).status).toBe(200);
      const after = await fetch(`${url}/api/auth/me`, { headers: { cookie: session } });
      expect(after.status).toBe(200);
      expect(await after.json()).toBeNull();

      const unknown = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/admin-reset-password.mjs'), 'ingen@example.no'], {
        cwd: REPO_ROOT,
        env,
        encoding: 'utf8',
      });
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('No administrator with the e-mail address ingen@example.no');
    } finally {
      await first.stop();
    }

    // The next start finds the administrator: the banner has no password.
    const second = await start();
    try {
      const banner = second.out.slice(second.out.lastIndexOf(' is running'));
      expect(banner).toContain(`Admin panel: ${url}/admin`);
      expect(banner).not.toContain('Password:');
      expect(banner).toContain('npm run admin:reset-password');
    } finally {
      await second.stop();
    }
  }, 120_000);
});
