import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv as parseDotenv } from 'node:util';
import { DISCORD_ROLE_KEYS, ROLE_PREFIX } from './discord.config';
import { EnvReader, parseEnv, readAppConfig } from './env.schema';

const EXAMPLE = join(__dirname, '..', '..', '..', '..', '.env.example');

/** In .env.example but read by docker compose, not by the service. */
const COMPOSE_ONLY = ['MYSQL_PASSWORD', 'DOMAIN'];

/** The variables the readers ask about (a family as `PREFIX*`), over a read of `env`. */
function namesRead(env: Record<string, string>): Set<string> {
  const reader = new EnvReader(env);
  readAppConfig(reader);
  return reader.names;
}

/** `.env.example` is what a newcomer copies to `.env` before `npm start`. */
describe('.env.example', () => {
  const text = readFileSync(EXAMPLE, 'utf8');
  const values = parseDotenv(text);

  it('passes the start-time check as it is: development, the embedded SQLite database, the local address', () => {
    const cfg = parseEnv(values);
    expect(cfg.nodeEnv).toBe('development');
    expect(cfg.databaseUrl).toMatch(/^sqlite:/);
    expect(cfg.publicUrl).toBe(`http://localhost:${cfg.port}`);
    expect(cfg.secureCookies).toBe(false);
    // No first administrator from the file: the start makes one with a generated password and prints it.
    expect(cfg.adminEmail).toBeNull();
  });

  it('sets none of the values only production needs; each is there, commented and marked PRODUCTION', () => {
    for (const name of ['NODE_ENV', 'PUBLIC_URL', 'DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'MYSQL_PASSWORD', 'DOMAIN']) {
      expect([name, values[name]]).toEqual([name, undefined]);
      const commented = new RegExp(`^# PRODUCTION[^\\n]*:\\n(?:# [A-Z_]+=[^\\n]*\\n)*# ${name}=`, 'm');
      expect([name, commented.test(text)]).toEqual([name, true]);
    }
  });

  it('with the production lines uncommented (and real secrets) it is a production configuration', () => {
    const production = parseDotenv(
      text.replace(/^# PRODUCTION[^\n]*:\n((?:# [A-Z_]+=[^\n]*\n)+)/gm, (_m, lines: string) => lines.replace(/^# /gm, '')),
    );
    const cfg = parseEnv({
      ...production,
      ADMIN_PASSWORD: 'Fjellvann-og-sol-2026',
      DATABASE_URL: 'mysql://academy:Et-godt-passord-2026@mysql:3306/academy',
      APP_SECRET: 'k'.repeat(48),
      SMTP_URL: 'smtp://mail.example.net:587',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      SELLER_NAME: 'Trading Akademiet AS',
      SELLER_ORG_NR: '123 456 789',
      SELLER_ADDRESS: 'Storgata 1, 0155 Oslo',
    });
    expect(cfg.nodeEnv).toBe('production');
    expect(cfg.publicUrl).toBe('https://www.example.no');
    expect(cfg.adminEmail).toBe('mentor@example.no');
  });

  it('documents every variable a reader reads, and every variable it documents is read (or is for docker compose)', () => {
    // `NAME=` and commented `# NAME=` lines.
    const documented = new Set([...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    // Two reads: with nothing set, and with every documented variable set (every integration on), so
    // the names read only in one branch (e.g. the DISCORD_* intervals, the BACKUP_S3_* keys) are seen too.
    const all = Object.fromEntries([...documented].map((name) => [name, 'x']));
    const read = new Set([...namesRead({}), ...namesRead(all)]);
    const families = [...read].filter((n) => n.endsWith('*')).map((n) => n.slice(0, -1));
    const inFamily = (name: string) => families.some((prefix) => name.startsWith(prefix));

    const undocumented = [...read].filter((n) => !n.endsWith('*') && !documented.has(n)).sort();
    const unread = [...documented].filter((n) => !read.has(n) && !inFamily(n) && !COMPOSE_ONLY.includes(n)).sort();
    expect({ undocumented, unread }).toEqual({ undocumented: [], unread: [] });
    // A family is documented by at least one member, and every documented member is a known one.
    for (const prefix of families) expect([prefix, [...documented].some((n) => n.startsWith(prefix))]).toEqual([prefix, true]);
    expect(families).toEqual([ROLE_PREFIX]);
    const roles = [...documented].filter((n) => n.startsWith(ROLE_PREFIX)).map((n) => n.slice(ROLE_PREFIX.length).toLowerCase());
    expect(roles.filter((key) => !DISCORD_ROLE_KEYS.includes(key))).toEqual([]);
    for (const name of COMPOSE_ONLY) expect([name, read.has(name)]).toEqual([name, false]);
  });
});
