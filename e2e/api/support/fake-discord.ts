import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

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
};

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
  /** Server members and their roles. */
  members: Map<string, Set<string>>;
  /** The member consents on the authorize page: the code and state go back to the redirect_uri (path and query). */
  consent(authorizeUrl: string, account: DiscordAccount): string;
  /**
   * The member a browser consents as on Discord's authorize page (`GET /oauth2/authorize` answers 302
   * back to the redirect_uri with the code and state, as Discord does after "Authorize"); null: 404.
   */
  signedInAs: DiscordAccount | null;
  /** The next n calls with the bot's token are answered 429. */
  rateLimitNext(n: number): void;
  /** While down, every call is answered 503. */
  down: boolean;
  close(): Promise<void>;
}

const API = '/api/v10';

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const calls: RecordedDiscordCall[] = [];
  const members = new Map<string, Set<string>>();
  const accounts = new Map<string, DiscordAccount>();
  const codes = new Map<string, { account: DiscordAccount; redirectUri: string; scope: string }>();
  const tokens = new Map<string, { account: DiscordAccount; scope: string }>();
  const knownRoles = new Set(Object.values(FAKE_DISCORD.roles));
  let limited = 0;
  let url = '';

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
    return status;
  };
  const err = (res: ServerResponse, status: number, code: number, message: string) => send(res, status, { message, code });

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string): Promise<number> {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '').split('?')[0];
    const auth = req.headers.authorization ?? '';
    if (fake.down) return err(res, 503, 0, 'Service Unavailable');
    if (method === 'GET' && path === '/oauth2/authorize' && fake.signedInAs) {
      const authorize = new URL(req.url ?? '', url);
      const back = new URL(authorize.searchParams.get('redirect_uri') ?? '');
      res.writeHead(302, { location: `${back.origin}${fake.consent(authorize.href, fake.signedInAs)}` }).end();
      return 302;
    }
    if (!path.startsWith(API)) return err(res, 404, 0, '404: Not Found');
    const p = path.slice(API.length);

    if (method === 'POST' && p === '/oauth2/token') {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return send(res, 400, { error: 'unsupported_grant_type' });
      const form = new URLSearchParams(raw);
      if (form.get('client_id') !== FAKE_DISCORD.clientId || form.get('client_secret') !== FAKE_DISCORD.clientSecret)
        return send(res, 401, { error: 'invalid_client' });
      if (form.get('grant_type') !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type' });
      const grant = codes.get(form.get('code') ?? '');
      if (!grant) return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
      codes.delete(form.get('code')!);
      if (grant.redirectUri !== form.get('redirect_uri'))
        return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid "redirect_uri" in request.' });
      const token = randomBytes(16).toString('hex');
      tokens.set(token, { account: grant.account, scope: grant.scope });
      return send(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: randomBytes(16).toString('hex'),
        scope: grant.scope,
      });
    }

    if (method === 'GET' && p === '/users/@me') {
      const t = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
      if (!t) return err(res, 401, 0, '401: Unauthorized');
      return send(res, 200, {
        id: t.account.id,
        username: t.account.username,
        discriminator: '0',
        global_name: null,
        avatar: null,
      });
    }

    // Everything else is the bot's.
    if (auth !== `Bot ${FAKE_DISCORD.botToken}`) return err(res, 401, 0, '401: Unauthorized');
    if (limited > 0) {
      limited--;
      const retryAfter = 0.2;
      return send(
        res,
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
    const m = /^\/guilds\/(\d+)\/members\/(\d+)(?:\/roles\/(\d+))?$/.exec(p);
    if (!m) return err(res, 404, 0, '404: Not Found');
    const [, guild, userId, roleId] = m;
    if (guild !== FAKE_DISCORD.guildId) return err(res, 404, 10004, 'Unknown Guild');

    if (roleId) {
      if (method !== 'PUT' && method !== 'DELETE') return err(res, 405, 0, '405: Method Not Allowed');
      if (!knownRoles.has(roleId)) return err(res, 404, 10011, 'Unknown Role');
      const roles = members.get(userId);
      if (!roles) return err(res, 404, 10007, 'Unknown Member');
      if (method === 'PUT') roles.add(roleId);
      else roles.delete(roleId);
      return send(res, 204, undefined);
    }
    if (method === 'GET') {
      const roles = members.get(userId);
      if (!roles) return err(res, 404, 10007, 'Unknown Member');
      const account = accounts.get(userId);
      return send(res, 200, {
        user: { id: userId, username: account?.username ?? 'ukjent', discriminator: '0', global_name: null, avatar: null },
        nick: null,
        roles: [...roles],
        joined_at: new Date().toISOString(),
        deaf: false,
        mute: false,
        flags: 0,
      });
    }
    if (method === 'PUT') {
      let body: { access_token?: unknown; roles?: unknown };
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return err(res, 400, 50109, 'The request body contains invalid JSON.');
      }
      const t = typeof body.access_token === 'string' ? tokens.get(body.access_token) : undefined;
      if (!t || t.account.id !== userId || !t.scope.split(' ').includes('guilds.join'))
        return err(res, 403, 50025, 'Invalid OAuth2 access token');
      const roles = Array.isArray(body.roles) ? (body.roles as unknown[]).map(String) : [];
      if (roles.some((r) => !knownRoles.has(r))) return err(res, 400, 50035, 'Invalid Form Body');
      if (members.has(userId)) return send(res, 204, undefined);
      members.set(userId, new Set(roles));
      accounts.set(userId, t.account);
      return send(res, 201, {
        user: { id: userId, username: t.account.username },
        roles,
        nick: null,
        joined_at: new Date().toISOString(),
      });
    }
    return err(res, 405, 0, '405: Method Not Allowed');
  }

  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (raw) => {
      const status = await handle(req, res, raw);
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        /* a form body stays text */
      }
      calls.push({ method: req.method ?? 'GET', path: (req.url ?? '').split('?')[0], status, body });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

  const fake: FakeDiscord = {
    url,
    calls,
    members,
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
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}
