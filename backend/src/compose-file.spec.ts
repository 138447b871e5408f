import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseEnv as parseDotenv } from 'node:util';

/**
 * docker-compose.yml and the Caddyfile (docs/decisions.md "Going live"). No Docker engine runs where
 * the suite runs, so `docker compose config` cannot; this reads the file as Compose does (YAML) and
 * checks what going live and the two app instances rely on.
 */
const ROOT = join(__dirname, '..', '..');
const yaml = createRequire(__filename)('js-yaml') as { load(text: string): unknown };

interface Service {
  image?: string;
  build?: unknown;
  container_name?: string;
  ports?: string[];
  expose?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  secrets?: string[];
}
interface Compose {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  secrets?: unknown;
}

const text = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const compose = yaml.load(text) as Compose;
const caddyfile = readFileSync(join(ROOT, 'Caddyfile'), 'utf8');
const example = readFileSync(join(ROOT, '.env.example'), 'utf8');

describe('docker-compose.yml', () => {
  const { services } = compose;

  it('is a services/volumes document whose references all resolve', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'app-2', 'backup', 'caddy', 'mysql']);
    for (const [name, s] of Object.entries(services)) {
      expect([name, Boolean(s.image ?? s.build)]).toEqual([name, true]);
      for (const dep of Object.keys(s.depends_on ?? {})) expect([name, dep in services]).toEqual([name, true]);
      for (const v of s.volumes ?? []) {
        const source = v.split(':')[0];
        if (!source.startsWith('.') && !source.startsWith('/')) expect([name, source in compose.volumes]).toEqual([name, true]);
      }
      // Going live needs no file beside .env: no compose secret to create first.
      expect([name, s.secrets]).toEqual([name, undefined]);
    }
    expect(compose.secrets).toBeUndefined();
  });

  it('puts Caddy in front: ports 80 and 443, DOMAIN required, the Caddyfile and its certificates kept', () => {
    const caddy = services.caddy;
    // Pinned: the version the Caddyfile is written for and the failover suite runs (Debian's caddy 2.6.2).
    expect(caddy.image).toBe('caddy:2.6.2');
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy.environment?.DOMAIN).toMatch(/^\$\{DOMAIN:\?/);
    expect(caddy.volumes).toEqual(
      expect.arrayContaining(['./Caddyfile:/etc/caddy/Caddyfile:ro', 'caddy-data:/data', 'caddy-config:/config']),
    );
    expect(caddy.depends_on?.app.condition).toBe('service_healthy');
  });

  it('runs two app instances alike: no published port, the shared uploads volume, one trusted proxy hop, a drain Caddy sees', () => {
    const app = services.app;
    const { build: _build, depends_on: _deps, ...shared } = app;
    const { depends_on: secondDeps, ...second } = services['app-2'];
    expect(second).toEqual(shared);
    expect(secondDeps?.app.condition).toBe('service_healthy');
    // Longer than the Caddyfile's health interval and its timeout (2 s + 2 s), within the stop grace period.
    expect(Number(app.environment?.SHUTDOWN_DRAIN_MS)).toBeGreaterThan(4000);
    expect(app.stop_grace_period).toBe('30s');
    expect(app.ports).toBeUndefined();
    expect(app.container_name).toBeUndefined();
    expect(app.expose).toEqual(['3000']);
    expect(app.environment?.TRUST_PROXY).toBe('1');
    expect(app.volumes).toContain('uploads:/app/data/uploads');
    expect(services.backup.volumes).toContain('uploads:/app/data/uploads');
    // The doctor reads the backup service's archives.
    expect(app.volumes).toContain('backups:/backups:ro');
    expect(app.environment?.BACKUP_DIR).toBe('/backups');
    expect(services.backup.volumes).toContain('backups:/backups');
    expect(app.healthcheck?.test).toEqual(['CMD', 'node', 'backend/dist/healthcheck.js']);
    for (const [name, s] of Object.entries(services)) if (name !== 'caddy') expect([name, s.ports]).toEqual([name, undefined]);
  });

  it('reads only variables .env.example documents', () => {
    const documented = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    const used = [...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    for (const name of used) expect([name, documented.has(name)]).toEqual([name, true]);
    // Commented out, as production values are: a newcomer's `npm start` never sees them.
    expect(parseDotenv(example).DOMAIN).toBeUndefined();
  });
});

describe('Caddyfile', () => {
  const config = caddyfile.replace(/^\s*#.*\n/gm, '');
  const site = /^\{\$DOMAIN\} \{\n([\s\S]*)\n\}\s*$/m.exec(config);

  it('serves {$DOMAIN} (automatic HTTPS and the HTTP redirect come with a host name)', () => {
    expect(site).not.toBeNull();
    expect(config).not.toMatch(/auto_https\s+off|http:\/\//);
  });

  it("compresses and logs each request to stdout; HSTS is the app's alone (sent once)", () => {
    const body = site![1];
    expect(body).toMatch(/^\tencode zstd gzip$/m);
    expect(body).not.toMatch(/Strict-Transport-Security/i);
    expect(body).toMatch(/^\tlog \{\n\t\toutput stdout\n/m);
  });

  it('balances over both instances with active health checks on /api/health and retries of what is safe to repeat', () => {
    const body = site![1];
    expect(body).toMatch(/^\t\tto \{\$APP_UPSTREAMS:app:3000 app-2:3000\}$/m);
    expect(body).toMatch(/lb_policy round_robin/);
    expect(body).toMatch(/^\t\thealth_uri \/api\/health$/m);
    expect(body).toMatch(/^\t\thealth_status 200$/m);
    expect(body).toMatch(/^\t\tlb_retry_match \{\n\t\t\tmethod GET HEAD\n\t\t\}$/m);
    // Dynamic upstreams get no health checks in Caddy: the instances are named.
    expect(body).not.toMatch(/dynamic/);
    // Braces balance (a Caddyfile with an unclosed block does not load).
    expect((caddyfile.match(/\{/g) ?? []).length).toBe((caddyfile.match(/\}/g) ?? []).length);
  });
});
