import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv as parseDotenv } from 'node:util';
import { parseEnv } from './env.schema';

const EXAMPLE = join(__dirname, '..', '..', '..', '..', '.env.example');

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
    for (const name of ['NODE_ENV', 'PUBLIC_URL', 'DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'MYSQL_PASSWORD']) {
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
});
