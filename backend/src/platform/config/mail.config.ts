import { randomBytes } from 'node:crypto';
import type { EnvReader } from './env-reader';
import type { SiteConfig } from './site.config';

/** E-mail: the SMTP server, the sender, the outbox worker, signed links (APP_SECRET), forgotten-password limits and marketing pace. */
export interface MailConfig {
  smtpUrl: string | null;
  mailFrom: string;
  mailDisabled: boolean;
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
}

export function readMail(env: EnvReader, site: Pick<SiteConfig, 'siteName' | 'contactEmail'>): MailConfig {
  const smtpUrl = env.url('SMTP_URL', null, ['smtp:', 'smtps:']);
  const mailDisabled = env.bool('MAIL_DISABLED', false);
  if (env.production && smtpUrl === null && !mailDisabled)
    env.problem('SMTP_URL: påkrevd i produksjon (eller sett MAIL_DISABLED=true for å slå av e-post)');
  const secret = env.str('APP_SECRET');
  if (secret !== null && secret.length < 32) env.problem('APP_SECRET: må være minst 32 tegn');
  if (secret === null && env.production) env.problem('APP_SECRET: påkrevd i produksjon (minst 32 tilfeldige tegn)');
  return {
    smtpUrl,
    mailFrom: env.str('MAIL_FROM') ?? `${site.siteName} <${site.contactEmail}>`,
    mailDisabled,
    appSecret: secret ?? randomBytes(32).toString('base64url'),
    appSecretEphemeral: secret === null,
    mailPollIntervalMs: env.int('MAIL_POLL_INTERVAL_MS', 2000, 0, 3_600_000),
    mailMaxAttempts: env.int('MAIL_MAX_ATTEMPTS', 8, 1, 50),
    mailRetryBaseSeconds: env.int('MAIL_RETRY_BASE_SECONDS', 30, 1, 86400),
    passwordResetLimitPerAddress: env.int('PASSWORD_RESET_LIMIT_PER_ADDRESS', 5, 1, 10_000_000),
    passwordResetLimitPerIp: env.int('PASSWORD_RESET_LIMIT_PER_IP', 20, 1, 10_000_000),
    passwordResetWindowSeconds: env.int('PASSWORD_RESET_WINDOW_SECONDS', 3600, 1, 86400),
    marketingSendRate: env.int('MARKETING_SEND_RATE', 120, 1, 100_000),
    // Tests drive the marketing scheduler themselves (runOnce), unless they ask for the timer.
    marketingPollIntervalMs: env.int('MARKETING_POLL_INTERVAL_MS', env.nodeEnv === 'test' ? 0 : 30_000, 0, 3_600_000),
  };
}
