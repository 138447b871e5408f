import { CATALOG_IDS } from '@academy/contracts';
import type { EnvReader } from './env-reader';

/**
 * The private Discord (issue 26): members link their Discord account, and roles follow access. The
 * four core keys together or none; without them the feature is hidden and COMMUNITY_URL shows.
 */
export interface DiscordConfig {
  /** DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET: the OAuth2 application (identify, guilds.join). */
  clientId: string;
  clientSecret: string;
  /** DISCORD_BOT_TOKEN: the application's bot (Manage Roles, its role above the course roles). */
  botToken: string;
  /** DISCORD_GUILD_ID: the server. */
  guildId: string;
  /** DISCORD_ROLE_<PRODUCT> (a catalogue id such as FOUNDATION or VIP, or MENTORSHIP): the role id, by lower-case key. */
  roles: Record<string, string>;
  /** DISCORD_API_BASE: Discord's API (default https://discord.com/api; tests point it at a fake). */
  apiBase: string;
  /** DISCORD_SYNC_INTERVAL_MS: how often the role queue is worked (0: never, tests run it themselves). */
  syncIntervalMs: number;
  /** DISCORD_RECONCILE_INTERVAL_MS: how often every linked member's roles are compared and repaired (0: never). */
  reconcileIntervalMs: number;
}

export const DISCORD_KEYS = ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DISCORD_BOT_TOKEN', 'DISCORD_GUILD_ID'] as const;
/** What a DISCORD_ROLE_<KEY> may name: a catalogue product, or an active mentorship period. */
export const DISCORD_ROLE_KEYS: readonly string[] = [...CATALOG_IDS, 'mentorship'];
const SNOWFLAKE = /^\d{17,20}$/;
/** DISCORD_ROLE_<KEY>: one variable per product. */
export const ROLE_PREFIX = 'DISCORD_ROLE_';

/** DISCORD_*: the core keys together or none (COMMUNITY_URL shows); role ids and the API base only with them. Problems are named per variable. */
export function readDiscord(env: EnvReader): DiscordConfig | null {
  const keys = env.group(DISCORD_KEYS, 'alle fire');
  const roleVars = env.namesStartingWith(ROLE_PREFIX);
  const apiBase = env.url('DISCORD_API_BASE', null);
  if (keys === 'none') {
    const stray = [...roleVars, ...(apiBase !== null ? ['DISCORD_API_BASE'] : [])];
    if (stray.length) env.problem(`${stray.join(', ')}: brukes bare når ${DISCORD_KEYS.join(', ')} er satt`);
    return null;
  }
  if (keys === 'partial') return null;
  const [clientId, clientSecret, botToken, guildId] = keys;
  if (!SNOWFLAKE.test(clientId)) env.problem('DISCORD_CLIENT_ID: applikasjonens id (17–20 sifre)');
  if (!SNOWFLAKE.test(guildId)) env.problem('DISCORD_GUILD_ID: serverens id (17–20 sifre)');
  const roles: Record<string, string> = {};
  for (const name of roleVars) {
    const key = name.slice(ROLE_PREFIX.length).toLowerCase();
    const value = env.str(name)!;
    if (!DISCORD_ROLE_KEYS.includes(key)) {
      env.problem(
        `${name}: ukjent produkt (en av ${DISCORD_ROLE_KEYS.map((k) => `${ROLE_PREFIX}${k.toUpperCase()}`).join(', ')})`,
      );
    } else if (!SNOWFLAKE.test(value)) {
      env.problem(`${name}: rollens id (17–20 sifre)`);
    } else {
      roles[key] = value;
    }
  }
  const test = env.nodeEnv === 'test';
  return {
    clientId,
    clientSecret,
    botToken,
    guildId,
    roles,
    apiBase: (apiBase ?? 'https://discord.com/api').replace(/\/+$/, ''),
    syncIntervalMs: env.int('DISCORD_SYNC_INTERVAL_MS', test ? 0 : 15_000, 0, 3_600_000),
    reconcileIntervalMs: env.int('DISCORD_RECONCILE_INTERVAL_MS', test ? 0 : 3_600_000, 0, 86_400_000),
  };
}
