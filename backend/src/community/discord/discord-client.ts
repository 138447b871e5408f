import type * as DiscordRest from '@discordjs/rest';
import type * as DiscordApi from 'discord-api-types/v10';
import type {
  RESTGetAPICurrentUserResult,
  RESTGetAPIGuildMemberResult,
  RESTPostOAuth2AccessTokenResult,
  RESTPutAPIGuildMemberJSONBody,
} from 'discord-api-types/v10';
import type { DiscordConfig } from '../../platform/config/discord.config';
import { lazyModule } from '../../platform/modules/lazy-module';

/** Loaded with the first client: an instance without Discord set up never loads them (about 25 MB resident). */
const discordRest = lazyModule<typeof DiscordRest>('@discordjs/rest');
const discordApi = lazyModule<typeof DiscordApi>('discord-api-types/v10');
const routes = () => discordApi().Routes;

/** A refusal from Discord's API (only a loaded client can have had one). */
function apiError(e: unknown): DiscordRest.DiscordAPIError | null {
  const mod = discordRest.peek();
  return mod && e instanceof mod.DiscordAPIError ? e : null;
}

/** The Discord account behind an OAuth2 grant (`identify`). */
export interface DiscordUser {
  id: string;
  username: string;
}

/**
 * Discord's REST API through @discordjs/rest (no gateway: nothing here needs a socket). The client
 * waits out 429 answers (`retry_after`) and retries 5xx and timeouts itself; a refusal (4xx) is thrown
 * as DiscordAPIError. The OAuth2 calls are made with the member's access token, the rest with the bot's.
 */
export class DiscordClient {
  private readonly rest: DiscordRest.REST;

  constructor(private readonly cfg: DiscordConfig) {
    this.rest = new (discordRest().REST)({
      api: cfg.apiBase,
      version: '10',
      timeout: 10_000,
      retries: 2,
      // No background sweepers: the buckets are few, and a timer would keep a stopping process alive.
      hashSweepInterval: 0,
      handlerSweepInterval: 0,
    }).setToken(cfg.botToken);
  }

  /** Where "Koble til Discord" sends the browser: Discord's consent page with `identify guilds.join` and the state. */
  authorizeUrl(redirectUri: string, state: string): string {
    const url = new URL('/oauth2/authorize', new URL(this.cfg.apiBase).origin);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.cfg.clientId,
      scope: 'identify guilds.join',
      redirect_uri: redirectUri,
      state,
      prompt: 'consent',
    }).toString();
    return url.toString();
  }

  /** Exchanges the callback's code for the member's access token (`POST /oauth2/token`). */
  async exchangeCode(code: string, redirectUri: string): Promise<string> {
    const body = new URLSearchParams({
      client_id: this.cfg.clientId,
      client_secret: this.cfg.clientSecret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
    });
    const res = (await this.rest.post(routes().oauth2TokenExchange(), {
      auth: false,
      passThroughBody: true,
      body: body.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })) as RESTPostOAuth2AccessTokenResult;
    return res.access_token;
  }

  /** The member's Discord account (`GET /users/@me` with the access token). */
  async currentUser(accessToken: string): Promise<DiscordUser> {
    const me = (await this.rest.get(routes().user(), {
      auth: false,
      headers: { Authorization: `Bearer ${accessToken}` },
    })) as RESTGetAPICurrentUserResult;
    return { id: me.id, username: me.username };
  }

  /** Adds the member to the server with these roles (`PUT /guilds/{guild}/members/{user}`); a member already there is left as is. */
  async addMember(discordUserId: string, accessToken: string, roles: string[]): Promise<void> {
    const body: RESTPutAPIGuildMemberJSONBody = { access_token: accessToken, roles };
    await this.rest.put(routes().guildMember(this.cfg.guildId, discordUserId), { body });
  }

  async addRole(discordUserId: string, roleId: string, reason: string): Promise<void> {
    await this.rest.put(routes().guildMemberRole(this.cfg.guildId, discordUserId, roleId), { reason });
  }

  async removeRole(discordUserId: string, roleId: string, reason: string): Promise<void> {
    await this.rest.delete(routes().guildMemberRole(this.cfg.guildId, discordUserId, roleId), { reason });
  }

  /** The member's roles on the server, or null when the account is not a member (Unknown Member). */
  async memberRoles(discordUserId: string): Promise<string[] | null> {
    try {
      const member = (await this.rest.get(routes().guildMember(this.cfg.guildId, discordUserId))) as RESTGetAPIGuildMemberResult;
      return member.roles;
    } catch (e) {
      if (isUnknownMember(e)) return null;
      throw e;
    }
  }
}

/** Discord's "Unknown Member" (the account left the server, or never joined). */
export function isUnknownMember(e: unknown): boolean {
  const err = apiError(e);
  if (!err) return false;
  const codes = discordApi().RESTJSONErrorCodes;
  return err.code === codes.UnknownMember || err.code === codes.UnknownUser;
}

/** A refusal of the request itself (4xx other than 429): retrying the same request will not help. */
export function isRefusal(e: unknown): boolean {
  const err = apiError(e);
  return err !== null && err.status >= 400 && err.status < 500 && err.status !== 429;
}

/** A short description of a failure for the queue's row and the panel. */
export function describeFailure(e: unknown): string {
  const err = apiError(e);
  const text = err ? `${err.status} ${err.code}: ${err.message}` : e instanceof Error ? e.message : String(e);
  return text.slice(0, 250);
}
