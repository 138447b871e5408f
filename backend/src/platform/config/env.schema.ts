import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { isCommonPassword } from '../dto/common-passwords';
import {
  CONTACT_EMAIL_PLACEHOLDER,
  looksLikeEmail,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  SELLER_PLACEHOLDER,
} from '@academy/contracts';
import { muxSettings, type MuxConfig } from './mux.config';
import { discordSettings, type DiscordConfig } from './discord.config';
import { operationsSettings, type OperationsConfig } from './operations-env';

export type { BackupConfig, BackupS3Config, DkimConfig, OperationsConfig } from './operations-env';

/**
 * The environment, validated once at start. A bad or missing value stops the start
 * with the variable's name and what is wrong.
 */
export type NodeEnv = 'development' | 'production' | 'test';

export interface AppConfig extends OperationsConfig {
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
  /**
   * ADMIN_2FA: whether admins must enrol a second factor (TOTP) before the admin API answers them.
   * `required` by default in production, `optional` elsewhere.
   */
  admin2fa: 'required' | 'optional';
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  stripeApiBase: URL | null;
  /** Mux (MUX_*): paid video with signed playback and uploads from the panel; null when not set up (YouTube only). */
  mux: MuxConfig | null;
  /** Vipps MobilePay's ePayment API (VIPPS_*), or null when its keys are not set (no Vipps button). */
  vipps: VippsConfig | null;
  /** The private Discord (DISCORD_*): linking and roles that follow access; null when not set up (COMMUNITY_URL shows). */
  discord: DiscordConfig | null;
  gaMeasurementId: string | null;
  siteName: string;
  mentorName: string;
  mentorSlug: string;
  contactEmail: string;
  privacyEmail: string;
  communityUrl: string;
  /** VIP_COMMUNITY_URL: the VIP community's link, shown to active VIP members only (null: COMMUNITY_URL). */
  vipCommunityUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  sessionIdleMinutes: number;
  sessionAbsoluteDays: number;
  rateLimitWindowSeconds: number;
  rateLimitWrites: number;
  rateLimitLogin: number;
  /**
   * Which proxies' X-Forwarded-For is believed (Fastify's trustProxy): false (none, the default), a hop
   * count (the client is that many addresses back from the connection), or the proxies' addresses/CIDRs.
   */
  trustProxy: false | number | string[];
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
  /** Marketing e-mail (broadcasts) put in the outbox per minute, per broadcast. */
  marketingSendRate: number;
  /** How often each instance looks for due broadcasts and sequence steps (ms); 0 = never (the default under NODE_ENV=test). */
  marketingPollIntervalMs: number;
  /** How often the live-session scheduler (reminders) runs (ms); 0 = never, only on demand (tests). */
  liveReminderIntervalMs: number;
  /** How often the mentorship scheduler (the mail 14 days before a period ends) runs (ms); 0 = only on demand (tests). */
  mentorshipReminderIntervalMs: number;
  /** How often the membership round (VIP: the reminder 14 days before the end, the end of access) runs (ms); 0 = only on demand. */
  membershipIntervalMs: number;
  /** MENTOR_THREADS_PER_MONTH: new threads a student may start in the mentor inbox per calendar month (Oslo time). */
  mentorThreadsPerMonth: number;
  /** MENTOR_IMAGE_MB_PER_DAY: megabytes of chart images a student may upload per day (Oslo time), threads and replies together. */
  mentorImageMbPerDay: number;
  /** LAUNCH_SEATS: the launch price holds while fewer than this many distinct students have paid for a course. */
  launchSeats: number;
  /** The seller named on receipts, credit notes, the terms, the privacy page and the footer (SELLER_*). */
  seller: SellerConfig;
}

/** VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY, VIPPS_MSN (all four or none), and the rest. */
export interface VippsConfig {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  /** The merchant serial number of the sales unit (4 to 7 digits). */
  msn: string;
  /** The secret Vipps gave when the webhook was registered; without it every webhook is refused. */
  webhookSecret: string | null;
  /** Vipps' test environment (apitest.vipps.no) instead of production. */
  testMode: boolean;
  /** Send the calls elsewhere (tests, local mocks) instead of Vipps' own address. */
  apiBase: URL | null;
}

/** SELLER_NAME, SELLER_ORG_NR (nine digits), SELLER_ADDRESS: required in production. */
export interface SellerConfig {
  name: string;
  /** Nine digits, no spaces. */
  orgNr: string;
  address: string;
}

/** The neutral placeholders used outside production when SELLER_* is not set. */
export const DEFAULT_SELLER: SellerConfig = { ...SELLER_PLACEHOLDER };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Ugyldig konfigurasjon:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Names proxy-addr knows for ranges of addresses (a proxy on the same host, or in a private network). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy; a hop count (`1`: one proxy in front) or a
 * comma-separated list of proxy addresses, CIDRs or range names trusts those. `true` (believe every
 * X-Forwarded-For, so any client could pick its own address) is refused.
 */
export function trustProxy(v: string | null, problems: string[]): false | number | string[] {
  if (v === null || v.toLowerCase() === 'false' || v === '0') return false;
  if (v.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY: "true" stoler på X-Forwarded-For fra hvem som helst. Oppgi antall proxyer foran tjenesten ' +
        '(f.eks. 1) eller adressene deres (f.eks. 10.0.0.5,10.1.0.0/16)',
    );
    return false;
  }
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n > 10) problems.push(`TRUST_PROXY: et antall proxyer mellom 0 og 10, fikk ${n}`);
    return n;
  }
  const list = v.split(',').map((x) => x.trim());
  const bad = list.filter((x) => !validProxyAddress(x));
  if (bad.length) {
    problems.push(
      `TRUST_PROXY: antall proxyer (f.eks. 1) eller en kommaseparert liste med IP-adresser/CIDR, fikk "${bad.join(', ')}"`,
    );
    return false;
  }
  return list;
}

function validProxyAddress(x: string): boolean {
  if (PROXY_RANGE_NAMES.has(x)) return true;
  const [addr, prefix, ...rest] = x.split('/');
  const kind = isIP(addr);
  if (kind === 0 || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (kind === 4 ? 32 : 128);
}

/** In production ADMIN_PASSWORD must be at least this long (elsewhere MIN_PASSWORD_LENGTH). */
export const PRODUCTION_ADMIN_PASSWORD_LENGTH = 12;

/** Words that mark a value as a placeholder to replace (as in .env.example), never a real password. */
const PLACEHOLDER_WORDS = /change|example|eksempel|endre|bytt.?meg|placeholder/i;

/**
 * What is wrong with ADMIN_PASSWORD, or null. Everywhere: MIN_PASSWORD_LENGTH to MAX_PASSWORD_LENGTH
 * characters. In production also at least 12 characters, no placeholder word (so the value from
 * .env.example is refused) and not among the most common passwords.
 */
export function adminPasswordProblem(password: string, nodeEnv: NodeEnv): string | null {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
    return `må være mellom ${MIN_PASSWORD_LENGTH} og ${MAX_PASSWORD_LENGTH} tegn`;
  if (nodeEnv !== 'production') return null;
  if (password.length < PRODUCTION_ADMIN_PASSWORD_LENGTH || PLACEHOLDER_WORDS.test(password) || isCommonPassword(password))
    return (
      `i produksjon minst ${PRODUCTION_ADMIN_PASSWORD_LENGTH} tegn, ikke eksempelverdien fra .env.example ` +
      `(ingen «change», «example», «endre») og ikke et vanlig passord; lag et med f.eks. openssl rand -base64 18`
    );
  return null;
}

/** VIPPS_*: the four keys together or none; the rest only with them. */
function vippsSettings(
  str: (name: string) => string | null,
  bool: (name: string, def: boolean) => boolean,
  url: (name: string, def: string | null) => string | null,
  problems: string[],
): VippsConfig | null {
  const keys = ['VIPPS_CLIENT_ID', 'VIPPS_CLIENT_SECRET', 'VIPPS_SUBSCRIPTION_KEY', 'VIPPS_MSN'] as const;
  const [clientId, clientSecret, subscriptionKey, msn] = keys.map((k) => str(k));
  const set = keys.filter((k) => str(k) !== null);
  const webhookSecret = str('VIPPS_WEBHOOK_SECRET');
  const testMode = bool('VIPPS_TEST_MODE', false);
  const apiBaseRaw = url('VIPPS_API_BASE', null);
  if (set.length === 0) {
    if (webhookSecret !== null || apiBaseRaw !== null)
      problems.push(
        'VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY og VIPPS_MSN: mangler (Vipps er delvis satt opp)',
      );
    return null;
  }
  if (set.length < keys.length) {
    problems.push(
      `${keys.filter((k) => str(k) === null).join(', ')}: påkrevd når ${set.join(', ')} er satt (alle fire eller ingen)`,
    );
    return null;
  }
  if (!/^[0-9]{4,7}$/.test(msn!)) problems.push(`VIPPS_MSN: salgsstedets nummer (MSN), 4 til 7 sifre, fikk "${msn}"`);
  return {
    clientId: clientId!,
    clientSecret: clientSecret!,
    subscriptionKey: subscriptionKey!,
    msn: msn!,
    webhookSecret,
    testMode,
    apiBase: apiBaseRaw ? new URL(apiBaseRaw) : null,
  };
}

/** SELLER_*: required in production (each missing one is named), neutral placeholders elsewhere. */
function sellerSettings(str: (name: string) => string | null, nodeEnv: NodeEnv, problems: string[]): SellerConfig {
  const required = (name: string, def: string, hint: string): string => {
    const v = str(name);
    if (v === null && nodeEnv === 'production')
      problems.push(`${name}: påkrevd i produksjon (${hint}); selgeren skal stå på kvitteringer, vilkår og personvernside`);
    return v ?? def;
  };
  const name = required('SELLER_NAME', DEFAULT_SELLER.name, 'firmanavnet, f.eks. «Trading Akademiet AS»');
  const address = required('SELLER_ADDRESS', DEFAULT_SELLER.address, 'forretningsadressen, f.eks. «Storgata 1, 0155 Oslo»');
  if (name.length > 200) problems.push('SELLER_NAME: høyst 200 tegn');
  if (address.length > 300) problems.push('SELLER_ADDRESS: høyst 300 tegn');
  const orgRaw = required('SELLER_ORG_NR', DEFAULT_SELLER.orgNr, 'organisasjonsnummeret, ni sifre');
  const orgNr = orgRaw.replace(/[\s\u00a0]+/g, '');
  if (!/^\d{9}$/.test(orgNr)) {
    problems.push(`SELLER_ORG_NR: organisasjonsnummeret er ni sifre (mellomrom er lov), fikk "${orgRaw}"`);
    return { name, orgNr: DEFAULT_SELLER.orgNr, address };
  }
  return { name, orgNr, address };
}

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
    if (!looksLikeEmail(v)) problems.push(`${name}: må være en e-postadresse, fikk "${v}"`);
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
      if (nodeEnv === 'production' && PLACEHOLDER_WORDS.test(decodeURIComponent(u.password)))
        problems.push('DATABASE_URL: passordet er eksempelverdien fra .env.example; bruk MySQL-brukerens ekte passord');
    } catch {
      problems.push('DATABASE_URL: ugyldig mysql-URL (mysql://bruker:passord@vert:3306/database)');
    }
  } else {
    problems.push(`DATABASE_URL: må starte med mysql:// eller sqlite:, fikk "${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}"`);
  }

  const adminEmail = email('ADMIN_EMAIL', null);
  const adminPassword = str('ADMIN_PASSWORD');
  if (adminPassword !== null) {
    const problem = adminPasswordProblem(adminPassword, nodeEnv);
    if (problem) problems.push(`ADMIN_PASSWORD: ${problem}`);
  }
  if ((adminEmail === null) !== (adminPassword === null)) problems.push('ADMIN_EMAIL og ADMIN_PASSWORD: sett begge eller ingen');

  const admin2faRaw = str('ADMIN_2FA');
  let admin2fa: 'required' | 'optional' = nodeEnv === 'production' ? 'required' : 'optional';
  if (admin2faRaw === 'required' || admin2faRaw === 'optional') admin2fa = admin2faRaw;
  else if (admin2faRaw !== null) problems.push(`ADMIN_2FA: må være required eller optional, fikk "${admin2faRaw}"`);

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
      marketingSendRate: int('MARKETING_SEND_RATE', 120, 1, 100_000),
      // Tests drive the marketing scheduler themselves (runOnce), unless they ask for the timer.
      marketingPollIntervalMs: int('MARKETING_POLL_INTERVAL_MS', nodeEnv === 'test' ? 0 : 30_000, 0, 3_600_000),
    };
  };

  const siteName = str('SITE_NAME') ?? 'Trading Akademiet';
  const contactEmail = email('CONTACT_EMAIL', CONTACT_EMAIL_PLACEHOLDER) ?? CONTACT_EMAIL_PLACEHOLDER;
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
    admin2fa,
    stripeSecretKey,
    stripeWebhookSecret,
    stripeApiBase,
    mux: muxSettings(str, url, problems),
    vipps: vippsSettings(str, bool, url, problems),
    discord: discordSettings(env, str, int, url, nodeEnv, problems),
    gaMeasurementId: ga,
    siteName,
    mentorName: str('MENTOR_NAME') ?? 'Mentoren',
    mentorSlug,
    contactEmail,
    privacyEmail: email('PRIVACY_EMAIL', contactEmail) ?? contactEmail,
    communityUrl: url('COMMUNITY_URL', 'https://discord.com') ?? 'https://discord.com',
    vipCommunityUrl: url('VIP_COMMUNITY_URL', null),
    logLevel,
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES', 60 * 24 * 14, 5, 60 * 24 * 365),
    sessionAbsoluteDays: int('SESSION_ABSOLUTE_DAYS', 90, 1, 3650),
    rateLimitWindowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86400),
    rateLimitWrites: int('RATE_LIMIT_WRITES', 60, 1, 10_000_000),
    rateLimitLogin: int('RATE_LIMIT_LOGIN', 10, 1, 10_000_000),
    trustProxy: trustProxy(str('TRUST_PROXY'), problems),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 65536, 1024, 10 * 1024 * 1024),
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS', 1000, 0, 60_000),
    smtpUrl,
    mailFrom: str('MAIL_FROM') ?? `${siteName} <${contactEmail}>`,
    mailDisabled,
    staticRoot: str('STATIC_ROOT'),
    ...mailSettings(),
    liveReminderIntervalMs: int('LIVE_REMINDER_INTERVAL_MS', 60_000, 0, 3_600_000),
    mentorshipReminderIntervalMs: int('MENTORSHIP_REMINDER_INTERVAL_MS', 3_600_000, 0, 86_400_000),
    // Tests run the membership round themselves (MembershipService.runDue) at the injected clock's time.
    membershipIntervalMs: int('MEMBERSHIP_INTERVAL_MS', nodeEnv === 'test' ? 0 : 900_000, 0, 86_400_000),
    mentorThreadsPerMonth: int('MENTOR_THREADS_PER_MONTH', 8, 1, 1000),
    mentorImageMbPerDay: int('MENTOR_IMAGE_MB_PER_DAY', 50, 1, 10_000),
    launchSeats: int('LAUNCH_SEATS', 100, 0, 1_000_000),
    seller: sellerSettings(str, nodeEnv, problems),
    ...operationsSettings(str, int, url, problems),
  };
  if (problems.length) throw new ConfigError(problems);
  return cfg;
}
