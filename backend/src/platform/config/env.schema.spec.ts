import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv as parseDotenv } from 'node:util';
import { commonPasswords } from '../dto/common-passwords';
import { ConfigError, DEFAULT_SELLER, parseEnv } from './env.schema';

/** Production needs the seller (SELLER_*). */
const SELLER = { SELLER_NAME: 'Eksempel Trading AS', SELLER_ORG_NR: '923456789', SELLER_ADDRESS: 'Storgata 1, 0155 Oslo' };

describe('parseEnv', () => {
  it('has neutral defaults: port 3000, embedded SQLite, a localhost public URL', () => {
    const cfg = parseEnv({});
    expect(cfg).toMatchObject({
      port: 3000,
      databaseUrl: 'sqlite:data/app.sqlite',
      dialect: 'sqlite',
      databasePoolSize: 10,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      mentorSlug: 'mentor',
      stripeSecretKey: null,
    });
  });

  it('reads a MySQL URL and an https public URL (secure cookies, origin without a trailing slash)', () => {
    const cfg = parseEnv({ DATABASE_URL: 'mysql://u:p@db:3306/academy', PUBLIC_URL: 'https://www.example.no/' });
    expect(cfg.dialect).toBe('mysql');
    expect(cfg.publicUrl).toBe('https://www.example.no');
    expect(cfg.publicOrigin).toBe('https://www.example.no');
    expect(cfg.secureCookies).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://x/y' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://host' }, 'DATABASE_URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'mange' }, 'DATABASE_POOL_SIZE'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ ADMIN_EMAIL: 'a@b.no' }, 'ADMIN_EMAIL og ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'secret123' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.no', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ STRIPE_SECRET_KEY: 'pk_test_123' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_API_BASE: 'ftp://x' }, 'STRIPE_API_BASE'],
    [{ GA_MEASUREMENT_ID: 'UA-1' }, 'GA_MEASUREMENT_ID'],
    [{ MENTOR_SLUG: 'Ola Nordmann' }, 'MENTOR_SLUG'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ NODE_ENV: 'production' }, 'SMTP_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'kanskje' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'TRUE' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0.0.0.0/0/1' }, 'TRUST_PROXY'],
  ])('stops on %j naming %s', (env, name) => {
    let err: unknown;
    try {
      parseEnv(env as Record<string, string>);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems.some((p) => p.startsWith(name))).toBe(true);
  });

  it('never shows a password of a mistyped URL setting, parsed or not (the start-up and the doctor print these lines)', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseEnv(env);
        return '';
      } catch (e) {
        if (!(e instanceof ConfigError)) throw e;
        return e.message;
      }
    };
    const smtp = problems({ SMTP_URL: 'apikey:SECRET-123@smtp.example.net:587' });
    expect(smtp).toContain('SMTP_URL: må være en URL (smtp: eller smtps:), fikk "***@smtp.example.net:587"');
    expect(problems({ SMTP_URL: 'smtp//apikey:SECRET-123@smtp.example.net:587' })).toContain('fikk "***@smtp.example.net:587"');
    expect(problems({ SMTP_URL: 'http://apikey:SECRET-123@smtp.example.net' })).toContain('fikk "http://***@smtp.example.net"');
    expect(problems({ DATABASE_URL: 'academy:SECRET-123@db:3306/academy' })).toContain('fikk "***@db:3306/academy"');
    expect(problems({ FIKEN_API_BASE: 'ftp://x/?token=SECRET-123&a=1' })).toContain('fikk "ftp://x/?token=***&a=***"');
    for (const text of [smtp, problems({ DATABASE_URL: 'postgres://u:SECRET-123@db/x' })]) expect(text).not.toContain('SECRET');
  });

  it('TRUST_PROXY: none by default; a hop count or a list of proxy addresses, never "trust everyone"', () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" stoler på X-Forwarded-For fra hvem som helst/);
  });

  describe('ADMIN_PASSWORD', () => {
    // The example file with its PRODUCTION lines uncommented: the placeholders a real site would fill in.
    const example = parseDotenv(
      readFileSync(join(__dirname, '../../../../.env.example'), 'utf8').replace(
        /^# PRODUCTION[^\n]*:\n((?:# [A-Z_]+=[^\n]*\n)+)/gm,
        (_m, lines: string) => lines.replace(/^# /gm, ''),
      ),
    ) as Record<string, string>;
    const production = {
      NODE_ENV: 'production',
      MAIL_DISABLED: 'true',
      APP_SECRET: 'en-lang-hemmelighet-for-signerte-lenker',
      ...SELLER,
    };
    const problemsOf = (env: Record<string, string>): string[] => {
      try {
        parseEnv(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    const adminProblems = (password: string, env: Record<string, string> = production) =>
      problemsOf({ ...env, ADMIN_EMAIL: 'mentor@example.no', ADMIN_PASSWORD: password }).filter((p) =>
        p.startsWith('ADMIN_PASSWORD'),
      );

    it('the example file starts in development, and production refuses its ADMIN_PASSWORD by name', () => {
      expect(example.ADMIN_PASSWORD).toBeTruthy();
      expect(problemsOf({ ...example, NODE_ENV: 'development' })).toEqual([]);
      expect(problemsOf({ ...example, ...production }).filter((p) => p.startsWith('ADMIN_PASSWORD'))).toHaveLength(1);
    });

    it.each([
      ['short', 'kort-pass-1'],
      ['a placeholder', 'change-me-please'],
      ['a placeholder', 'CHANGEME-2024-now'],
      ['a placeholder', 'Example-Admin-Password-9'],
      ['a placeholder', 'endre-dette-passordet'],
      ['a placeholder', 'bytt-meg-snart-2025'],
    ])('production refuses %s: %j', (_kind, password) => {
      expect(adminProblems(password)).toEqual([expect.stringMatching(/^ADMIN_PASSWORD: i produksjon minst 12 tegn/)]);
      expect(adminProblems(password, { NODE_ENV: 'development' })).toEqual([]);
    });

    it('production refuses a common password even when it is long enough', () => {
      const common = [...commonPasswords()].find((p) => p.length >= 12 && !/change|example|endre/.test(p))!;
      expect(common).toBeDefined();
      expect(adminProblems(common)).toHaveLength(1);
    });

    it('everywhere at least 8 and at most 128 characters', () => {
      expect(adminProblems('kort123', { NODE_ENV: 'development' })).toEqual(['ADMIN_PASSWORD: må være mellom 8 og 128 tegn']);
      expect(adminProblems('x'.repeat(129), { NODE_ENV: 'test' })).toEqual(['ADMIN_PASSWORD: må være mellom 8 og 128 tegn']);
      expect(adminProblems('åtte-tegn', { NODE_ENV: 'development' })).toEqual([]);
    });

    it("production also refuses the example file's database password", () => {
      expect(problemsOf({ ...production, DATABASE_URL: example.DATABASE_URL })).toEqual([
        expect.stringMatching(/^DATABASE_URL: passordet er eksempelverdien/),
      ]);
      expect(problemsOf({ ...production, DATABASE_URL: 'mysql://academy:Kx9mQ2vpL7wR@mysql:3306/academy' })).toEqual([]);
      expect(problemsOf({ NODE_ENV: 'development', DATABASE_URL: example.DATABASE_URL })).toEqual([]);
    });

    it('production accepts a long, unusual password (as the smoke and image tests use)', () => {
      for (const password of ['smoke-passord-1', 'docker-passord-1', 'Kx9#mQ2v!pL7wR'])
        expect({ password, problems: adminProblems(password) }).toEqual({ password, problems: [] });
    });
  });

  it('requires the webhook secret in production when Stripe is configured', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', MAIL_DISABLED: 'true', STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        MAIL_DISABLED: 'true',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        APP_SECRET: 'en-lang-hemmelighet-for-signerte-lenker',
        ...SELLER,
      }),
    ).not.toThrow();
  });
});

describe('SELLER_* (the seller on receipts, terms, privacy page and footer)', () => {
  const production = { NODE_ENV: 'production', MAIL_DISABLED: 'true', APP_SECRET: 'en-lang-hemmelighet-for-signerte-lenker' };
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      parseEnv(env);
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };

  it('production stops without them, naming each missing variable', () => {
    const problems = problemsOf(production);
    for (const name of ['SELLER_NAME', 'SELLER_ORG_NR', 'SELLER_ADDRESS'])
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${name}: påkrevd i produksjon`)));
    expect(problemsOf({ ...production, ...SELLER, SELLER_ADDRESS: ' ' })).toEqual([
      expect.stringMatching(/^SELLER_ADDRESS: påkrevd i produksjon/),
    ]);
    expect(problemsOf({ ...production, ...SELLER })).toEqual([]);
  });

  it('neutral placeholders outside production; the org nr is nine digits, spaces allowed', () => {
    expect(parseEnv({}).seller).toEqual(DEFAULT_SELLER);
    expect(parseEnv({ ...SELLER, SELLER_ORG_NR: ' 923 456 789 ' }).seller).toEqual({
      name: 'Eksempel Trading AS',
      orgNr: '923456789',
      address: 'Storgata 1, 0155 Oslo',
      vatRegistered: true,
    });
    for (const bad of ['12345678', '1234567890', '923-456-789', 'NO923456789MVA'])
      expect(problemsOf({ SELLER_ORG_NR: bad })).toEqual([
        expect.stringMatching(/^SELLER_ORG_NR: organisasjonsnummeret er ni sifre/),
      ]);
  });

  it('SELLER_VAT_REGISTERED: true unless set to false; anything else stops the start', () => {
    expect(parseEnv({}).seller.vatRegistered).toBe(true);
    expect(parseEnv({ SELLER_VAT_REGISTERED: 'false' }).seller.vatRegistered).toBe(false);
    expect(problemsOf({ SELLER_VAT_REGISTERED: 'kanskje' })).toEqual([
      expect.stringMatching(/^SELLER_VAT_REGISTERED: må være true eller false/),
    ]);
  });

  it('the example file documents all three', () => {
    const example = readFileSync(join(__dirname, '../../../../.env.example'), 'utf8');
    for (const name of ['SELLER_NAME', 'SELLER_ORG_NR', 'SELLER_ADDRESS']) expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});
