import { randomBytes } from 'node:crypto';

/**
 * The environment, validated once at start. A bad or missing value stops the start
 * with the variable's name and what is wrong.
 */
export type NodeEnv = 'development' | 'production' | 'test';

export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  publicUrl: string;
  publicOrigin: string;
  secureCookies: boolean;
  databaseUrl: string;
  dialect: 'mysql' | 'sqlite';
  /** MySQL connections per instance. */
  databasePoolSize: number;
  adminEmail: string | null;
  adminPassword: string | null;
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  stripeApiBase: URL | null;
  gaMeasurementId: string | null;
  siteName: string;
  mentorName: string;
  mentorSlug: string;
  contactEmail: string;
  privacyEmail: string;
  communityUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  sessionIdleMinutes: number;
  sessionAbsoluteDays: number;
  rateLimitWindowSeconds: number;
  rateLimitWrites: number;
  rateLimitLogin: number;
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** After SIGTERM: how long the server keeps serving (health answering 503) before it closes. */
  shutdownDrainMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  mailDisabled: boolean;
  staticRoot: string | null;
  /** Server secret for signed links (unsubscribe). Random per process outside production when unset. */
  appSecret: string;
  /** True when APP_SECRET was not set and a random one was made for this process. */
  appSecretEphemeral: boolean;
  /** How often the outbox worker looks for due e-mail (ms); 0 = no polling (tests drive it). */
  mailPollIntervalMs: number;
  /** Attempts per e-mail before it is marked failed. */
  mailMaxAttempts: number;
  /** First retry delay in seconds; doubles for every further attempt (max 6 hours). */
  mailRetryBaseSeconds: number;
  /** Forgotten-password requests per address and per client address in one window. */
  passwordResetLimitPerAddress: number;
  passwordResetLimitPerIp: number;
  passwordResetWindowSeconds: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Ugyldig konfigurasjon:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function parseEnv(env: Env): AppConfig {
  const problems: string[] = [];
  const str = (name: string): string | null => {
    const v = env[name];
    if (v === undefined) return null;
    const t = v.trim();
    return t === '' ? null : t;
  };
  const int = (name: string, def: number, min: number, max: number): number => {
    const v = str(name);
    if (v === null) return def;
    if (!/^\d+$/.test(v)) {
      problems.push(`${name}: må være et heltall, fikk "${v}"`);
      return def;
    }
    const n = Number(v);
    if (n < min || n > max) problems.push(`${name}: må være mellom ${min} og ${max}, fikk ${n}`);
    return n;
  };
  const bool = (name: string, def: boolean): boolean => {
    const v = str(name);
    if (v === null) return def;
    if (/^(1|true|yes|on)$/i.test(v)) return true;
    if (/^(0|false|no|off)$/i.test(v)) return false;
    problems.push(`${name}: må være true eller false, fikk "${v}"`);
    return def;
  };
  const email = (name: string, def: string | null): string | null => {
    const v = str(name);
    if (v === null) return def;
    if (!EMAIL_RE.test(v)) problems.push(`${name}: må være en e-postadresse, fikk "${v}"`);
    return v.toLowerCase();
  };
  const url = (name: string, def: string | null, protocols = ['http:', 'https:']): string | null => {
    const v = str(name);
    if (v === null) return def;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      return v;
    } catch {
      problems.push(`${name}: må være en URL (${protocols.join(' eller ')}), fikk "${v}"`);
      return def;
    }
  };

  const nodeEnvRaw = str('NODE_ENV') ?? 'development';
  let nodeEnv: NodeEnv = 'development';
  if (nodeEnvRaw === 'development' || nodeEnvRaw === 'production' || nodeEnvRaw === 'test') nodeEnv = nodeEnvRaw;
  else problems.push(`NODE_ENV: må være development, production eller test, fikk "${nodeEnvRaw}"`);

  const port = int('PORT', 3000, 0, 65535);
  const host = str('HOST') ?? '0.0.0.0';
  const publicUrlRaw = url('PUBLIC_URL', `http://localhost:${port}`) ?? `http://localhost:${port}`;
  let publicUrl = publicUrlRaw.replace(/\/+$/, '');
  let publicOrigin = publicUrl;
  try {
    publicOrigin = new URL(publicUrl).origin;
  } catch {
    publicUrl = `http://localhost:${port}`;
    publicOrigin = publicUrl;
  }

  const databaseUrl = str('DATABASE_URL') ?? 'sqlite:data/app.sqlite';
  let dialect: 'mysql' | 'sqlite' = 'sqlite';
  if (databaseUrl.startsWith('sqlite:')) {
    if (databaseUrl.length <= 'sqlite:'.length)
      problems.push('DATABASE_URL: sqlite: trenger en filsti, f.eks. sqlite:data/app.sqlite');
  } else if (/^mysql:\/\//.test(databaseUrl) || /^mariadb:\/\//.test(databaseUrl)) {
    dialect = 'mysql';
    try {
      const u = new URL(databaseUrl);
      if (!u.hostname) throw new Error('host');
      if (!u.pathname || u.pathname === '/')
        problems.push('DATABASE_URL: mangler databasenavn (mysql://bruker:passord@vert:3306/database)');
    } catch {
      problems.push('DATABASE_URL: ugyldig mysql-URL (mysql://bruker:passord@vert:3306/database)');
    }
  } else {
    problems.push(`DATABASE_URL: må starte med mysql:// eller sqlite:, fikk "${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}"`);
  }

  const adminEmail = email('ADMIN_EMAIL', null);
  const adminPassword = str('ADMIN_PASSWORD');
  if (adminPassword !== null && (adminPassword.length < 6 || adminPassword.length > 128))
    problems.push('ADMIN_PASSWORD: må være mellom 6 og 128 tegn');
  if ((adminEmail === null) !== (adminPassword === null)) problems.push('ADMIN_EMAIL og ADMIN_PASSWORD: sett begge eller ingen');

  const stripeSecretKey = str('STRIPE_SECRET_KEY');
  if (stripeSecretKey !== null && !/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(stripeSecretKey))
    problems.push('STRIPE_SECRET_KEY: må starte med sk_test_, sk_live_, rk_test_ eller rk_live_');
  const stripeWebhookSecret = str('STRIPE_WEBHOOK_SECRET');
  if (stripeWebhookSecret !== null && !stripeWebhookSecret.startsWith('whsec_'))
    problems.push('STRIPE_WEBHOOK_SECRET: må starte med whsec_');
  if (stripeSecretKey !== null && stripeWebhookSecret === null && nodeEnv === 'production')
    problems.push('STRIPE_WEBHOOK_SECRET: påkrevd i produksjon når STRIPE_SECRET_KEY er satt');
  const stripeApiBaseRaw = url('STRIPE_API_BASE', null);
  const stripeApiBase = stripeApiBaseRaw ? new URL(stripeApiBaseRaw) : null;

  const ga = str('GA_MEASUREMENT_ID');
  if (ga !== null && !/^G-[A-Z0-9]{4,20}$/.test(ga)) problems.push(`GA_MEASUREMENT_ID: må se ut som G-XXXXXXX, fikk "${ga}"`);

  const mentorSlug = str('MENTOR_SLUG') ?? 'mentor';
  if (!SLUG_RE.test(mentorSlug)) problems.push(`MENTOR_SLUG: bare små bokstaver a-z, tall og bindestrek, fikk "${mentorSlug}"`);

  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
  const logLevelRaw = str('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'warn' : 'info');
  const logLevel = (levels as readonly string[]).includes(logLevelRaw) ? (logLevelRaw as AppConfig['logLevel']) : 'info';
  if (!(levels as readonly string[]).includes(logLevelRaw)) problems.push(`LOG_LEVEL: en av ${levels.join(', ')}`);

  const smtpUrl = url('SMTP_URL', null, ['smtp:', 'smtps:']);
  const mailDisabled = bool('MAIL_DISABLED', false);
  if (nodeEnv === 'production' && smtpUrl === null && !mailDisabled)
    problems.push('SMTP_URL: påkrevd i produksjon (eller sett MAIL_DISABLED=true for å slå av e-post)');

  // E-mail (mail module): signed links, the outbox worker, forgotten-password limits.
  const mailSettings = () => {
    const secret = str('APP_SECRET');
    if (secret !== null && secret.length < 32) problems.push('APP_SECRET: må være minst 32 tegn');
    if (secret === null && nodeEnv === 'production') problems.push('APP_SECRET: påkrevd i produksjon (minst 32 tilfeldige tegn)');
    return {
      appSecret: secret ?? randomBytes(32).toString('base64url'),
      appSecretEphemeral: secret === null,
      mailPollIntervalMs: int('MAIL_POLL_INTERVAL_MS', 2000, 0, 3_600_000),
      mailMaxAttempts: int('MAIL_MAX_ATTEMPTS', 8, 1, 50),
      mailRetryBaseSeconds: int('MAIL_RETRY_BASE_SECONDS', 30, 1, 86400),
      passwordResetLimitPerAddress: int('PASSWORD_RESET_LIMIT_PER_ADDRESS', 5, 1, 10_000_000),
      passwordResetLimitPerIp: int('PASSWORD_RESET_LIMIT_PER_IP', 20, 1, 10_000_000),
      passwordResetWindowSeconds: int('PASSWORD_RESET_WINDOW_SECONDS', 3600, 1, 86400),
    };
  };

  const siteName = str('SITE_NAME') ?? 'Trading Akademiet';
  const contactEmail = email('CONTACT_EMAIL', 'kontakt@example.com') ?? 'kontakt@example.com';
  const cfg: AppConfig = {
    nodeEnv,
    port,
    host,
    publicUrl,
    publicOrigin,
    secureCookies: publicUrl.startsWith('https://'),
    databaseUrl,
    dialect,
    databasePoolSize: int('DATABASE_POOL_SIZE', 10, 1, 500),
    adminEmail,
    adminPassword,
    stripeSecretKey,
    stripeWebhookSecret,
    stripeApiBase,
    gaMeasurementId: ga,
    siteName,
    mentorName: str('MENTOR_NAME') ?? 'Mentoren',
    mentorSlug,
    contactEmail,
    privacyEmail: email('PRIVACY_EMAIL', contactEmail) ?? contactEmail,
    communityUrl: url('COMMUNITY_URL', 'https://discord.com') ?? 'https://discord.com',
    logLevel,
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES', 60 * 24 * 14, 5, 60 * 24 * 365),
    sessionAbsoluteDays: int('SESSION_ABSOLUTE_DAYS', 90, 1, 3650),
    rateLimitWindowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86400),
    rateLimitWrites: int('RATE_LIMIT_WRITES', 60, 1, 10_000_000),
    rateLimitLogin: int('RATE_LIMIT_LOGIN', 10, 1, 10_000_000),
    trustProxy: bool('TRUST_PROXY', false),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 65536, 1024, 10 * 1024 * 1024),
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS', 1000, 0, 60_000),
    smtpUrl,
    mailFrom: str('MAIL_FROM') ?? `${siteName} <${contactEmail}>`,
    mailDisabled,
    staticRoot: str('STATIC_ROOT'),
    ...mailSettings(),
  };
  if (problems.length) throw new ConfigError(problems);
  return cfg;
}
