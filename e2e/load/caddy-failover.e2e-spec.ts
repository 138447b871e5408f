import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, REPO_ROOT, startServer, type RunningServer } from '../support/server';

/**
 * The project's Caddyfile in front of two production app instances (docs/operations.md "Two app
 * instances"): Debian's caddy binary (2.6.2, the version docker-compose.yml pins) runs the file as
 * it is, with DOMAIN, APP_UPSTREAMS and CADDY_ADMIN pointing it at the loopback. An instance that
 * drains (SIGTERM: /api/health answers 503 while it still serves) is taken out of rotation by the
 * active health check before it stops; one that dies is skipped by retrying on the other; nobody sees
 * an error; HSTS is sent once. Needs the backend build and `caddy` (.ci/run installs it). It runs in
 * the load stage (e2e/jest.load.config.js), with the other suites that start the production build.
 */
jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** As docker-compose.yml sets it: longer than the Caddyfile's health interval and its timeout. */
const DRAIN_MS = 5000;

describe('Caddy in front of two instances: health checks and retries (the Caddyfile as shipped)', () => {
  let a: RunningServer;
  let b: RunningServer;
  let caddy: ChildProcess;
  let caddyLog = '';
  let base: string;
  let publicUrl: string;
  const home = mkdtempSync(join(tmpdir(), 'ta-caddy-'));

  const env = () => ({ PUBLIC_URL: publicUrl, SHUTDOWN_DRAIN_MS: String(DRAIN_MS), LOG_LEVEL: 'error' });

  beforeAll(async () => {
    const version = spawnSync('caddy', ['version'], { encoding: 'utf8' });
    if (version.status !== 0) throw new Error('caddy is not installed: apt-get install caddy (.ci/run does)');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The app believes it is served over https (as behind Caddy in production), so it sends HSTS.
    publicUrl = `https://127.0.0.1:${port}`;
    // Each on its own SQLite file (nothing here is about the database), started side by side.
    const starting = [startServer({ env: env() }), startServer({ env: env() })];
    a = await starting[0];
    b = await starting[1];
    caddy = spawn('caddy', ['run', '--config', join(REPO_ROOT, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: home,
        XDG_CONFIG_HOME: home,
        DOMAIN: base,
        APP_UPSTREAMS: `127.0.0.1:${a.port} 127.0.0.1:${b.port}`,
        CADDY_ADMIN: `127.0.0.1:${await freePort()}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (d) => (caddyLog += d));
    caddy.stderr?.on('data', (d) => (caddyLog += d));
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyLog}`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`caddy did not answer:\n${caddyLog}`);
      await sleep(100);
    }
  });

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await a?.stop(2000);
    await b?.stop(2000);
    rmSync(home, { recursive: true, force: true });
  });

  /** Which instance answered /api/health through Caddy (null: it did not answer 200). */
  const instanceBehind = async (): Promise<string | null> => {
    const r = await fetch(`${base}/api/health`);
    return r.status === 200 ? ((await r.json()) as { instance: string }).instance : null;
  };
  const ownInstance = async (s: RunningServer) =>
    ((await (await fetch(`${s.url}/api/health`)).json()) as { instance: string }).instance;

  it('takes both instances in turn, and HSTS comes once (from the app, not Caddy as well)', async () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 6; i++) seen.add(await instanceBehind());
    expect([...seen].sort()).toEqual([await ownInstance(a), await ownInstance(b)].sort());
    const res = await fetch(`${base}/api/site`);
    expect(res.status).toBe(200);
    const raw = await new Promise<string[]>((resolve, reject) => {
      const req = httpGet(`${base}/api/site`, (r) => {
        r.resume();
        resolve(r.rawHeaders);
      });
      req.on('error', reject);
    });
    const hsts = raw.filter((_h, i) => i % 2 === 0 && raw[i].toLowerCase() === 'strict-transport-security');
    expect(hsts).toHaveLength(1);
  });

  it('a draining instance (503 on /api/health) gets nothing new before it stops; every request meanwhile succeeds', async () => {
    const drainingId = await ownInstance(b);
    const stayingId = await ownInstance(a);
    b.child.kill('SIGTERM');
    const statuses: number[] = [];
    // The longest run of answers from the other instance while the draining one is still up: taken
    // in turn, the two would alternate.
    let run = 0;
    let skippedWhileAlive = 0;
    // Until the draining instance has stopped and a second beyond (at most DRAIN_MS + 3 s): a request every 50 ms.
    const until = Date.now() + DRAIN_MS + 3000;
    let stoppedAt: number | null = null;
    while (Date.now() < until && (stoppedAt === null || Date.now() < stoppedAt + 1000)) {
      if (stoppedAt === null && b.child.exitCode !== null) stoppedAt = Date.now();
      const health = await fetch(`${base}/api/health`).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { instance?: string },
      }));
      const page = (await fetch(`${base}/api/site`)).status;
      statuses.push(page);
      // /api/health itself answers 503 from the draining instance until Caddy's next check (the
      // probe, which no page asks); once the check has seen it, only the other instance answers,
      // while the draining one is still up.
      if (b.child.exitCode === null) {
        run = health.status === 200 && health.body.instance === stayingId ? run + 1 : 0;
        skippedWhileAlive = Math.max(skippedWhileAlive, run);
      }
      await sleep(50);
    }
    expect(b.child.exitCode).toBe(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(skippedWhileAlive).toBeGreaterThanOrEqual(5);
    // The last answers all came from the instance that stayed.
    for (let i = 0; i < 4; i++) expect(await instanceBehind()).toBe(stayingId);
    expect(drainingId).not.toBe(stayingId);
  });

  it('an instance that dies: GET, HEAD and a POST are answered by the other at once (tried again there)', async () => {
    // The second instance back on its address; Caddy's next check takes it into rotation.
    b = await startServer({ port: b.port, env: env() });
    const back = await ownInstance(b);
    const deadline = Date.now() + 8000;
    while ((await instanceBehind()) !== back) {
      if (Date.now() > deadline) throw new Error(`the restarted instance was not taken back:\n${caddyLog.slice(-2000)}`);
      await sleep(100);
    }
    a.child.kill('SIGKILL');
    await a.exited;
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await fetch(`${base}/api/health`)).status);
      answers.push((await fetch(`${base}/api/site`, { method: 'HEAD' })).status);
      // A sign-in that fails: it reached an instance (401), not Caddy's 502.
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl },
        body: JSON.stringify({ email: 'ingen@example.no', password: 'feil-passord-123' }),
      });
      answers.push(login.status);
    }
    expect(answers).toEqual(Array.from({ length: 6 }, () => [200, 200, 401]).flat());
    expect(await instanceBehind()).toBe(back);
  });
});
