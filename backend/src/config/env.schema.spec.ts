import { ConfigError, parseEnv } from './env.schema';

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
      }),
    ).not.toThrow();
  });
});
