import { randomBytes } from 'node:crypto';
import type {
  RESTPostOAuth2AccessTokenResult,
  RESTPostOAuth2AccessTokenURLEncodedData,
  RESTPutAPIGuildMemberJSONBody,
} from 'discord-api-types/v10';
import type { ContractViolation } from './contract';
import { send, startFakeServer, type FakeReply, type FakeRequest } from './fake-server';

/**
 * A fake of Discord's REST API v10, from its published contract (discord.com/developers/docs):
 * the OAuth2 code grant (`POST /oauth2/token`, form-encoded, the redirect_uri must equal the one the
 * consent page got), `GET /users/@me` with the Bearer token, and with the bot's token:
 * `PUT /guilds/{guild}/members/{user}` (`access_token` of that user with `guilds.join`; 201 when
 * added, 204 when already a member), `PUT`/`DELETE …/roles/{role}` (204) and `GET …/members/{user}`.
 * Errors have Discord's JSON shape (`{message, code}`, OAuth2: `{error, error_description}`), an
 * unknown member is 10007, an unknown role 10011. `rateLimitNext(n)` answers the next n bot calls
 * with 429 as Discord does: `{message, retry_after, global}` and the Retry-After / X-RateLimit-* headers.
 */

export const FAKE_DISCORD = {
  clientId: '111111111111111111',
  clientSecret: 'fake-discord-client-secret',
  botToken: 'fake-discord-bot-token',
  guildId: '222222222222222222',
  roles: {
    foundation: '300000000000000001',
    accelerator: '300000000000000002',
    vip: '300000000000000003',
    mentorship: '300000000000000004',
  },
  /** The bot's own user, and the role Discord gave it when it was invited (with Manage Roles). */
  botUserId: '500000000000000001',
  botRoleId: '500000000000000002',
};

/** Discord's Manage Roles permission bit (discord.com/developers/docs/topics/permissions). */
export const MANAGE_ROLES = String(1n << 28n);

/** A guild role as GET /guilds/{guild}/roles lists it (discord.com/developers/docs/topics/permissions#role-object). */
export interface FakeGuildRole {
  id: string;
  name: string;
  position: number;
  permissions: string;
  color: number;
  hoist: boolean;
  managed: boolean;
  mentionable: boolean;
}

/** The server's roles: @everyone (the guild's id) at 0, the product roles at 1–4, the bot's role above them at 10. */
export function fakeGuildRoles(): FakeGuildRole[] {
  const role = (id: string, name: string, position: number, permissions = '0', managed = false): FakeGuildRole => ({
    id,
    name,
    position,
    permissions,
    color: 0,
    hoist: false,
    managed,
    mentionable: false,
  });
  return [
    role(FAKE_DISCORD.guildId, '@everyone', 0),
    ...Object.entries(FAKE_DISCORD.roles).map(([name, id], i) => role(id, name, i + 1)),
    role(FAKE_DISCORD.botRoleId, 'Akademiet-bot', 10, MANAGE_ROLES, true),
  ];
}

/** The app's environment for a Discord at this address (the fake's, or a closed port: Discord down). */
export function fakeDiscordEnv(url: string): Record<string, string> {
  return {
    DISCORD_CLIENT_ID: FAKE_DISCORD.clientId,
    DISCORD_CLIENT_SECRET: FAKE_DISCORD.clientSecret,
    DISCORD_BOT_TOKEN: FAKE_DISCORD.botToken,
    DISCORD_GUILD_ID: FAKE_DISCORD.guildId,
    DISCORD_ROLE_FOUNDATION: FAKE_DISCORD.roles.foundation,
    DISCORD_ROLE_ACCELERATOR: FAKE_DISCORD.roles.accelerator,
    DISCORD_ROLE_VIP: FAKE_DISCORD.roles.vip,
    DISCORD_ROLE_MENTORSHIP: FAKE_DISCORD.roles.mentorship,
    DISCORD_API_BASE: `${url}/api`,
  };
}

export interface DiscordAccount {
  id: string;
  username: string;
}

export interface RecordedDiscordCall {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

export interface FakeDiscord {
  url: string;
  /** The app's environment for this fake. */
  env(): Record<string, string>;
  calls: RecordedDiscordCall[];
  /** Server members and their roles (the bot is not one of them: see botRoles). */
  members: Map<string, Set<string>>;
  /** The server's roles (GET /guilds/{guild}/roles); the mentor may reorder them. */
  guildRoles: FakeGuildRole[];
  /** The bot's roles on the server; null: the bot is not on it. */
  botRoles: string[] | null;
  /** The member consents on the authorize page: the code and state go back to the redirect_uri (path and query). */
  consent(authorizeUrl: string, account: DiscordAccount): string;
  /**
   * The member a browser consents as on Discord's authorize page (`GET /oauth2/authorize` answers 302
   * back to the redirect_uri with the code and state, as Discord does after "Authorize"); null: 404.
   */
  signedInAs: DiscordAccount | null;
  /** The next n calls with the bot's token are answered 429. */
  rateLimitNext(n: number): void;
  /** Requests Discord's published description refuses (they fail the suite at `close`). */
  violations: ContractViolation[];
  /** While down, every call is answered 503. */
  down: boolean;
  close(): Promise<void>;
}

const API = '/api/v10';

type DiscordRoute = 'oauth2.token' | 'users.me' | 'members.get' | 'members.add' | 'roles.add' | 'roles.remove' | 'roles.list';

/** The operations served (their keys in e2e/contracts/discord). */
const ROUTES: Record<DiscordRoute, { method: string; path: string }> = {
  'oauth2.token': { method: 'POST', path: `${API}/oauth2/token` },
  'users.me': { method: 'GET', path: `${API}/users/@me` },
  'members.get': { method: 'GET', path: `${API}/guilds/{guild_id}/members/{user_id}` },
  'members.add': { method: 'PUT', path: `${API}/guilds/{guild_id}/members/{user_id}` },
  'roles.add': { method: 'PUT', path: `${API}/guilds/{guild_id}/members/{user_id}/roles/{role_id}` },
  'roles.remove': { method: 'DELETE', path: `${API}/guilds/{guild_id}/members/{user_id}/roles/{role_id}` },
  'roles.list': { method: 'GET', path: `${API}/guilds/{guild_id}/roles` },
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}): FakeReply => ({ status, body, headers });
const err = (status: number, code: number, message: string): FakeReply => json(status, { message, code });
const noContent: FakeReply = { status: 204 };

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const calls: RecordedDiscordCall[] = [];
  const members = new Map<string, Set<string>>();
  const accounts = new Map<string, DiscordAccount>();
  const codes = new Map<string, { account: DiscordAccount; redirectUri: string; scope: string }>();
  const tokens = new Map<string, { account: DiscordAccount; scope: string }>();
  const knownRoles = new Set(Object.values(FAKE_DISCORD.roles));
  let limited = 0;
  let url = '';

  const token = (req: FakeRequest): FakeReply => {
    const form = req.body as Partial<RESTPostOAuth2AccessTokenURLEncodedData> & Record<string, string>;
    if (form.client_id !== FAKE_DISCORD.clientId || form.client_secret !== FAKE_DISCORD.clientSecret)
      return json(401, { error: 'invalid_client' });
    const grant = codes.get(form.code ?? '');
    if (!grant) return json(400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    codes.delete(form.code!);
    if (grant.redirectUri !== form.redirect_uri)
      return json(400, { error: 'invalid_grant', error_description: 'Invalid "redirect_uri" in request.' });
    const access = randomBytes(16).toString('hex');
    tokens.set(access, { account: grant.account, scope: grant.scope });
    const out: RESTPostOAuth2AccessTokenResult = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: randomBytes(16).toString('hex'),
      scope: grant.scope,
    };
    return json(200, out);
  };

  const me = (req: FakeRequest): FakeReply => {
    const auth = req.header('authorization') ?? '';
    // With the bot's token: the bot's own user.
    if (auth === `Bot ${FAKE_DISCORD.botToken}`)
      return json(200, {
        id: FAKE_DISCORD.botUserId,
        username: 'Akademiet',
        discriminator: '0',
        global_name: null,
        avatar: null,
        bot: true,
      });
    const t = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
    if (!t) return err(401, 0, '401: Unauthorized');
    return json(200, { id: t.account.id, username: t.account.username, discriminator: '0', global_name: null, avatar: null });
  };

  const role = (req: FakeRequest, add: boolean): FakeReply => {
    if (!knownRoles.has(req.params.role_id)) return err(404, 10011, 'Unknown Role');
    const roles = members.get(req.params.user_id);
    if (!roles) return err(404, 10007, 'Unknown Member');
    if (add) roles.add(req.params.role_id);
    else roles.delete(req.params.role_id);
    return noContent;
  };

  const member = (req: FakeRequest): FakeReply => {
    const userId = req.params.user_id;
    const roles = userId === FAKE_DISCORD.botUserId ? (fake.botRoles ? new Set(fake.botRoles) : undefined) : members.get(userId);
    if (!roles) return err(404, 10007, 'Unknown Member');
    const account = accounts.get(userId);
    return json(200, {
      user: { id: userId, username: account?.username ?? 'ukjent', discriminator: '0', global_name: null, avatar: null },
      nick: null,
      roles: [...roles],
      joined_at: new Date().toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
    });
  };

  const join = (req: FakeRequest): FakeReply => {
    const userId = req.params.user_id;
    const body = (req.body ?? {}) as Partial<RESTPutAPIGuildMemberJSONBody>;
    const t = typeof body.access_token === 'string' ? tokens.get(body.access_token) : undefined;
    if (!t || t.account.id !== userId || !t.scope.split(' ').includes('guilds.join'))
      return err(403, 50025, 'Invalid OAuth2 access token');
    const roles = Array.isArray(body.roles) ? body.roles.map(String) : [];
    if (roles.some((r) => !knownRoles.has(r))) return err(400, 50035, 'Invalid Form Body');
    if (members.has(userId)) return noContent;
    members.set(userId, new Set(roles));
    accounts.set(userId, t.account);
    return json(201, {
      user: { id: userId, username: t.account.username },
      roles,
      nick: null,
      joined_at: new Date().toISOString(),
    });
  };

  const handlers: Record<DiscordRoute, (req: FakeRequest) => FakeReply> = {
    'oauth2.token': token,
    'users.me': me,
    'members.get': member,
    'members.add': join,
    'roles.add': (req) => role(req, true),
    'roles.remove': (req) => role(req, false),
    'roles.list': () => json(200, fake.guildRoles),
  };

  const record = (method: string, path: string, status: number, text: string) => {
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* a form body stays text */
    }
    calls.push({ method, path, status, body });
  };

  const server = await startFakeServer<DiscordRoute>({
    name: 'fake discord',
    provider: 'discord',
    routes: (Object.keys(ROUTES) as DiscordRoute[]).map((name) => ({ name, ...ROUTES[name], handle: handlers[name] })),
    intercept: (req, res, u, raw) => {
      const answer = (reply: FakeReply) => {
        send(res, reply);
        record(req.method ?? 'GET', u.pathname, reply.status, raw.toString('utf8'));
        return true;
      };
      if (fake.down) return answer(err(503, 0, 'Service Unavailable'));
      if (req.method === 'GET' && u.pathname === '/oauth2/authorize' && fake.signedInAs) {
        const authorize = new URL(req.url ?? '', url);
        const back = new URL(authorize.searchParams.get('redirect_uri') ?? '');
        return answer({ status: 302, headers: { location: `${back.origin}${fake.consent(authorize.href, fake.signedInAs)}` } });
      }
      return false;
    },
    parse: (req) => {
      if (req.path === ROUTES['oauth2.token'].path) return Object.fromEntries(new URLSearchParams(req.text));
      return req.text ? JSON.parse(req.text) : null;
    },
    badBody: () => err(400, 50109, 'The request body contains invalid JSON.'),
    notFound: () => err(404, 0, '404: Not Found'),
    refuse: (r, problems) =>
      r === 'oauth2.token'
        ? json(400, { error: 'invalid_request', error_description: problems.join('; ') })
        : json(400, { message: 'Invalid Form Body', code: 50035, errors: problems }),
    failure: (_r, status) => err(status, 0, `${status}: Fake failure`),
    guard: (r, req) => {
      if (r === 'oauth2.token' || r === 'users.me') return null;
      // Everything else is the bot's.
      if (req.header('authorization') !== `Bot ${FAKE_DISCORD.botToken}`) return err(401, 0, '401: Unauthorized');
      if (limited > 0) {
        limited--;
        const retryAfter = 0.2;
        return json(
          429,
          { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
          {
            'retry-after': String(Math.ceil(retryAfter)),
            'x-ratelimit-limit': '10',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(Date.now() / 1000 + retryAfter),
            'x-ratelimit-reset-after': String(retryAfter),
            'x-ratelimit-bucket': 'fake-member-bucket',
            'x-ratelimit-scope': 'user',
          },
        );
      }
      if (req.params.guild_id !== FAKE_DISCORD.guildId) return err(404, 10004, 'Unknown Guild');
      return null;
    },
    record: (req, _r, reply) => record(req.method, req.path, reply.status, req.text),
  });
  url = server.url;

  const fake: FakeDiscord = {
    url,
    calls,
    members,
    guildRoles: fakeGuildRoles(),
    botRoles: [FAKE_DISCORD.botRoleId],
    down: false,
    signedInAs: null,
    env: () => fakeDiscordEnv(url),
    consent(authorizeUrl, account) {
      const u = new URL(authorizeUrl);
      const q = u.searchParams;
      if (u.pathname !== '/oauth2/authorize') throw new Error(`not the authorize page: ${u.pathname}`);
      if (q.get('client_id') !== FAKE_DISCORD.clientId || q.get('response_type') !== 'code')
        throw new Error('bad authorize request');
      const scope = q.get('scope') ?? '';
      if (!scope.split(' ').includes('identify')) throw new Error('identify scope missing');
      const code = randomBytes(12).toString('hex');
      accounts.set(account.id, account);
      codes.set(code, { account, redirectUri: q.get('redirect_uri') ?? '', scope });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      return `${back.pathname}${back.search}`;
    },
    rateLimitNext(n) {
      limited = n;
    },
    violations: server.violations,
    close: () => server.close(),
  };
  return fake;
}
