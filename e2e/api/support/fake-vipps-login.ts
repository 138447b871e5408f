import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import { send, startFakeServer, type FakeReply, type FakeRequest } from './fake-server';
import type { ContractViolation } from './contract';

/**
 * A fake of Vipps MobilePay's Login API (OpenID Connect, API version 2), from its published
 * description (e2e/contracts/vipps-login): the discovery document, the authorize endpoint as a hosted
 * page with «Godkjenn», «Ikke del» and «Avbryt» (the browser's answer goes back to the redirect URI
 * with `code` and `state`, or `error=access_denied`), the token endpoint (`client_secret_basic`, form
 * body; an ID token signed RS256 with the key in the JWKS), the JWKS and the login flow's userinfo.
 *
 * It refuses what Vipps refuses: a redirect URI that is not registered exactly (an error page, no
 * redirect), a wrong client, a code used twice, a code sent with another redirect URI, a PKCE verifier
 * that does not match the challenge (`invalid_grant`), an access token it never issued (401).
 */

export const FAKE_VIPPS_LOGIN = {
  clientId: 'e1d4b9a2-5c3f-4a8e-9b7d-2f6c1a0e8d35',
  clientSecret: 'ZmFrZS12aXBwcy1sb2dpbi1zZWNyZXQ=',
};

const ISSUER_PATH = '/access-management-1.0/access/';
const AUTHORIZE = `${ISSUER_PATH}oauth2/auth`;
const TOKEN = `${ISSUER_PATH}oauth2/token`;
const JWKS = `${ISSUER_PATH}.well-known/jwks.json`;
const DISCOVERY = `${ISSUER_PATH}.well-known/openid-configuration`;
const USERINFO = '/vipps-userinfo-api/userinfo/';
/** The hosted page's form posts here (the page is Vipps' own, not part of the API). */
const DECIDE = '/fake-vipps-login/decide';

/** A Vipps user as the userinfo endpoint describes them (scopes `openid name email`). */
export interface VippsPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export type VippsDecision = 'approve' | 'deny' | 'cancel';

type Route = 'discovery' | 'jwks' | 'authorize' | 'token' | 'userinfo';

interface Grant {
  person: VippsPerson;
  redirectUri: string;
  scope: string;
  nonce: string | null;
  challenge: string | null;
  challengeMethod: string;
  used: boolean;
}

export interface FakeVippsLogin {
  url: string;
  issuer: string;
  /** The app's environment for this fake (VIPPS_LOGIN_*). */
  env(): Record<string, string>;
  /** The redirect URIs registered in the portal for the client (compared exactly). */
  redirectUris: Set<string>;
  /** Who approves on the hosted page (the person signed in to Vipps). */
  person: VippsPerson;
  /** The next ID token is made wrong: another nonce, or signed by a key not in the JWKS. */
  tamperNext: 'nonce' | 'signature' | null;
  /** While down, every call is answered 503. */
  down: boolean;
  /** The calls the app made, by route, with the status answered. */
  calls: Array<{ route: Route | null; path: string; status: number }>;
  /**
   * The browser at Vipps: opens the authorize address, and presses a button of the hosted page; answers
   * where Vipps sends the browser (the redirect URI with the code or the error), or the refusal page.
   */
  decide(authorizeUrl: string, decision: VippsDecision): Promise<{ status: number; location: string | null; text: string }>;
  violations: ContractViolation[];
  fail(route: Route | '*', status?: number, times?: number): void;
  close(): Promise<void>;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const json = (status: number, body: unknown, headers: Record<string, string> = {}): FakeReply => ({ status, body, headers });
const oauthError = (status: number, error: string, description: string): FakeReply =>
  json(status, { error, error_code: status, error_debug: description });
const html = (status: number, body: string): FakeReply => ({
  status,
  text: `<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>Vipps</title></head><body>${body}</body></html>`,
  headers: { 'content-type': 'text/html; charset=utf-8' },
});
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function jwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const head = b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  return `${head}.${body}.${b64url(sign('RSA-SHA256', Buffer.from(`${head}.${body}`), key))}`;
}

/** RFC 6749 2.3.1: client id and secret are form-encoded before they are joined and base64-encoded. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const raw = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const i = raw.indexOf(':');
  if (i < 0) return null;
  const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  try {
    return { id: dec(raw.slice(0, i)), secret: dec(raw.slice(i + 1)) };
  } catch {
    return null;
  }
}

export async function startFakeVippsLogin(): Promise<FakeVippsLogin> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = `public:${randomUUID()}`;
  const pending = new Map<string, { query: Record<string, string>; person: VippsPerson }>();
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, { person: VippsPerson; scope: string }>();
  let url = '';

  const issuer = () => `${url}${ISSUER_PATH}`;

  const discovery = (): FakeReply =>
    json(
      200,
      {
        issuer: issuer(),
        authorization_endpoint: `${url}${AUTHORIZE}`,
        token_endpoint: `${url}${TOKEN}`,
        jwks_uri: `${url}${JWKS}`,
        userinfo_endpoint: `${url}${USERINFO}`,
        subject_types_supported: ['public', 'pairwise'],
        response_types_supported: ['code'],
        claims_supported: ['sub'],
        grant_types_supported: ['authorization_code'],
        response_modes_supported: ['query', 'fragment'],
        scopes_supported: ['openid', 'address', 'name', 'email', 'phoneNumber', 'birthDate', 'api_version_2'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        id_token_signing_alg_values_supported: ['RS256'],
        claims_parameter_supported: false,
        request_parameter_supported: true,
        request_uri_parameter_supported: true,
        require_request_uri_registration: true,
      },
      { 'cache-control': 'max-age=3600' },
    );

  const authorize = (req: FakeRequest): FakeReply => {
    const q = req.query as Record<string, string>;
    if (q.client_id !== FAKE_VIPPS_LOGIN.clientId) return html(400, '<h1>Ukjent klient</h1>');
    // Vipps does not send the browser to a redirect URI it has not registered: an error page instead.
    if (!fake.redirectUris.has(q.redirect_uri))
      return html(400, `<h1>Feil</h1><p>redirect_uri er ikke registrert: ${escape(q.redirect_uri)}</p>`);
    const id = randomBytes(12).toString('hex');
    pending.set(id, { query: q, person: fake.person });
    return html(
      200,
      `<main><h1>Logg inn med Vipps</h1><p>${escape(fake.person.given_name ?? '')} deler navn og e-postadresse.</p>` +
        `<form method="post" action="${DECIDE}"><input type="hidden" name="request" value="${id}">` +
        '<button name="decision" value="approve">Godkjenn</button>' +
        '<button name="decision" value="deny">Ikke del</button>' +
        '<button name="decision" value="cancel">Avbryt</button></form></main>',
    );
  };

  const decideRequest = (form: URLSearchParams): FakeReply => {
    const request = pending.get(form.get('request') ?? '');
    if (!request) return html(400, '<h1>Utløpt</h1>');
    pending.delete(form.get('request')!);
    const q = request.query;
    const back = new URL(q.redirect_uri);
    const decision = form.get('decision');
    if (decision === 'approve') {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        person: request.person,
        redirectUri: q.redirect_uri,
        scope: q.scope,
        nonce: q.nonce ?? null,
        challenge: q.code_challenge ?? null,
        challengeMethod: q.code_challenge_method ?? 'plain',
        used: false,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.state);
      back.searchParams.set('scope', q.scope);
    } else {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', decision === 'deny' ? 'user denied consent' : 'user cancelled the login');
      back.searchParams.set('state', q.state);
    }
    return { status: 302, headers: { location: back.href } };
  };

  const token = (req: FakeRequest): FakeReply => {
    const creds = basicCredentials(req.header('authorization'));
    if (!creds || creds.id !== FAKE_VIPPS_LOGIN.clientId || creds.secret !== FAKE_VIPPS_LOGIN.clientSecret)
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    const form = req.body as Record<string, string>;
    if (form.grant_type !== 'authorization_code') return oauthError(400, 'unsupported_grant_type', 'grant_type');
    const grant = codes.get(form.code);
    const invalid = (why: string) => oauthError(400, 'invalid_grant', why);
    if (!grant) return invalid('The provided authorization grant is invalid, expired or revoked');
    // A code works once; a second use is refused (and what it gave stays given).
    if (grant.used) return invalid('The authorization code has already been used');
    grant.used = true;
    if (grant.redirectUri !== form.redirect_uri)
      return invalid('does not match the redirection URI used in the authorization request');
    if (grant.challenge) {
      const verifier = form.code_verifier ?? '';
      const computed = grant.challengeMethod === 'S256' ? b64url(createHash('sha256').update(verifier).digest()) : verifier;
      if (!verifier || computed !== grant.challenge) return invalid('The PKCE code challenge did not match the code verifier');
    }
    const access = randomBytes(32).toString('base64url');
    tokens.set(access, { person: grant.person, scope: grant.scope });
    const now = Math.floor(Date.now() / 1000);
    const tamper = fake.tamperNext;
    fake.tamperNext = null;
    const idToken = jwt(
      {
        iss: issuer(),
        aud: [FAKE_VIPPS_LOGIN.clientId],
        sub: grant.person.sub,
        iat: now,
        exp: now + 3600,
        auth_time: now,
        jti: randomUUID(),
        nonce: tamper === 'nonce' ? 'en-annen-nonce' : (grant.nonce ?? ''),
        sid: randomUUID(),
      },
      tamper === 'signature' ? stranger : privateKey,
      kid,
    );
    return json(200, { access_token: access, id_token: idToken, expires_in: 3599, scope: grant.scope, token_type: 'bearer' });
  };

  const userinfo = (req: FakeRequest): FakeReply => {
    const auth = req.header('authorization') ?? '';
    const t = /^bearer /i.test(auth) ? tokens.get(auth.slice(7)) : undefined;
    if (!t) return json(401, { type: 'about:blank', title: 'Unauthorized', status: '401' });
    const scopes = t.scope.split(' ');
    const p = t.person;
    const out: Record<string, unknown> = { sub: p.sub };
    if (scopes.includes('name')) {
      if (p.given_name) out.given_name = p.given_name;
      if (p.family_name) out.family_name = p.family_name;
      if (p.given_name || p.family_name) out.name = [p.given_name, p.family_name].filter(Boolean).join(' ');
    }
    if (scopes.includes('email') && p.email) {
      out.email = p.email;
      out.email_verified = p.email_verified === true;
    }
    return { status: 200, body: out, headers: { 'content-type': 'application/json;charset=UTF-8' } };
  };

  const jwks = (): FakeReply => {
    const jwk = publicKey.export({ format: 'jwk' });
    return json(200, { keys: [{ ...jwk, use: 'sig', kid, alg: 'RS256' }] });
  };

  const calls: FakeVippsLogin['calls'] = [];
  const server = await startFakeServer<Route>({
    name: 'fake vipps login',
    provider: 'vipps-login',
    routes: [
      { name: 'discovery', method: 'GET', path: DISCOVERY, handle: discovery },
      { name: 'jwks', method: 'GET', path: JWKS, handle: jwks },
      { name: 'authorize', method: 'GET', path: AUTHORIZE, handle: authorize },
      { name: 'token', method: 'POST', path: TOKEN, handle: token },
      { name: 'userinfo', method: 'GET', path: USERINFO, handle: userinfo },
    ],
    intercept: (req, res, u, raw) => {
      if (fake.down) {
        calls.push({ route: null, path: u.pathname, status: 503 });
        send(res, oauthError(503, 'temporarily_unavailable', 'Service Unavailable'));
        return true;
      }
      if (req.method === 'POST' && u.pathname === DECIDE) {
        send(res, decideRequest(new URLSearchParams(raw.toString('utf8'))));
        return true;
      }
      return false;
    },
    parse: (req) =>
      req.path === TOKEN ? Object.fromEntries(new URLSearchParams(req.text)) : req.text ? JSON.parse(req.text) : null,
    notFound: () => json(404, { error: 'not_found' }),
    refuse: (_r, problems) => oauthError(400, 'invalid_request', problems.join('; ')),
    failure: (_r, status) => oauthError(status, 'server_error', 'Fake failure'),
    record: (req, route, reply) => calls.push({ route, path: req.path, status: reply.status }),
  });
  url = server.url;

  const fake: FakeVippsLogin = {
    url,
    issuer: `${url}${ISSUER_PATH}`,
    env: () => ({
      VIPPS_LOGIN_CLIENT_ID: FAKE_VIPPS_LOGIN.clientId,
      VIPPS_LOGIN_CLIENT_SECRET: FAKE_VIPPS_LOGIN.clientSecret,
      VIPPS_LOGIN_API_BASE: url,
    }),
    redirectUris: new Set(),
    person: { sub: randomUUID(), email: 'kari@example.no', email_verified: true, given_name: 'Kari', family_name: 'Nordmann' },
    tamperNext: null,
    down: false,
    calls,
    async decide(authorizeUrl, decision) {
      const page = await fetch(authorizeUrl, { redirect: 'manual' });
      const text = await page.text();
      if (page.status !== 200) return { status: page.status, location: null, text };
      const request = /name="request" value="([^"]+)"/.exec(text)?.[1] ?? '';
      const res = await fetch(`${url}${DECIDE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ request, decision }).toString(),
        redirect: 'manual',
      });
      return { status: res.status, location: res.headers.get('location'), text: await res.text() };
    },
    violations: server.violations,
    fail: (route, status, times) => server.fail(route, status, times),
    close: () => server.close(),
  };
  return fake;
}
