import { EnvReader, ConfigError, type Env } from './env-reader';
import { readAcademy, type AcademyConfig } from './academy.config';
import { readBackup, type BackupSettings } from './backup.config';
import { readDatabase, type DatabaseConfig } from './database.config';
import { readDeliverability, type DeliverabilityConfig } from './deliverability.config';
import { readDiscord, type DiscordConfig } from './discord.config';
import { readFiken, type FikenConfig } from './fiken.config';
import { readMail, type MailConfig } from './mail.config';
import { readMetrics, type MetricsConfig } from './metrics.config';
import { readMux, type MuxConfig } from './mux.config';
import { readSecurity, type SecurityConfig } from './security.config';
import { readSeller, type SellerConfig } from './seller.config';
import { readServer, type ServerConfig } from './server.config';
import { readSite, type SiteConfig } from './site.config';
import { readStripe, type StripeConfig } from './stripe.config';
import { readVipps, type VippsConfig } from './vipps.config';
import { readVippsLogin, type VippsLoginConfig } from './vipps-login.config';

export { ConfigError, EnvReader, type Env, type NodeEnv } from './env-reader';
export type { BackupConfig, BackupS3Config } from './backup.config';
export type { DkimConfig } from './deliverability.config';
export type { DiscordConfig } from './discord.config';
export type { FikenConfig } from './fiken.config';
export type { MuxConfig } from './mux.config';
export type { VippsConfig } from './vipps.config';
export type { VippsLoginConfig } from './vipps-login.config';
export { DEFAULT_SELLER, type SellerConfig } from './seller.config';
export { PRODUCTION_ADMIN_PASSWORD_LENGTH, adminPasswordProblem } from './security.config';

/**
 * The environment, validated once at start: one reader per integration (the `*.config.ts` files
 * beside this one), all on one EnvReader. A bad or missing value stops the start with the
 * variable's name and what is wrong.
 */
export interface AppConfig
  extends
    ServerConfig,
    DatabaseConfig,
    SecurityConfig,
    StripeConfig,
    SiteConfig,
    MailConfig,
    AcademyConfig,
    BackupSettings,
    MetricsConfig,
    DeliverabilityConfig {
  /** Mux (MUX_*): paid video with signed playback and uploads from the panel; null when not set up (YouTube only). */
  mux: MuxConfig | null;
  /** Vipps MobilePay's ePayment API (VIPPS_*), or null when its keys are not set (no Vipps button). */
  vipps: VippsConfig | null;
  /** «Logg inn med Vipps» (VIPPS_LOGIN_*): Vipps MobilePay's Login API; null when not set up (no Vipps sign-in button). */
  vippsLogin: VippsLoginConfig | null;
  /** The private Discord (DISCORD_*): linking and roles that follow access; null when not set up (COMMUNITY_URL shows). */
  discord: DiscordConfig | null;
  /** Fiken (FIKEN_*): receipts and credit notes posted as cash sales; null when not set up (nothing posted). */
  fiken: FikenConfig | null;
  /** The seller named on receipts, credit notes, the terms, the privacy page and the footer (SELLER_*). */
  seller: SellerConfig;
}

/** Every reader, in the order their problems are listed. The reader keeps the problems and the names read. */
export function readAppConfig(env: EnvReader): AppConfig {
  const site = readSite(env);
  return {
    ...readServer(env),
    ...readDatabase(env),
    ...readSecurity(env),
    ...readStripe(env),
    vipps: readVipps(env),
    vippsLogin: readVippsLogin(env),
    mux: readMux(env),
    discord: readDiscord(env),
    fiken: readFiken(env),
    ...site,
    seller: readSeller(env),
    ...readMail(env, site),
    ...readAcademy(env),
    ...readBackup(env),
    ...readMetrics(env),
    ...readDeliverability(env),
  };
}

export function parseEnv(env: Env): AppConfig {
  const reader = new EnvReader(env);
  const cfg = readAppConfig(reader);
  if (reader.problems.length) throw new ConfigError(reader.problems);
  return cfg;
}
