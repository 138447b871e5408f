import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { VippsLoginReason } from '@academy/contracts';
import { APP_CONFIG, AppConfig, type VippsLoginConfig } from '../platform/config';

/** What Vipps tells about the person (the userinfo endpoint, scopes `openid name email`). */
export interface VippsIdentity {
  /** Vipps' subject identifier for this sales unit (pairwise). */
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

/** A failed exchange with Vipps, as the sign-in page words it. */
export class VippsLoginFailure extends Error {
  constructor(
    readonly reason: Extract<VippsLoginReason, 'nede' | 'ugyldig' | 'brukt'>,
    detail: string,
  ) {
    super(detail);
  }
}

/** The scopes asked for: the subject, the name and the e-mail address, nothing more (docs/decisions.md "Logg inn med Vipps"). */
export const VIPPS_LOGIN_SCOPES = 'openid name email';
/** How long Vipps' discovery document is reused (Vipps answers it with `Cache-Control: max-age=3600`). */
const DISCOVERY_TTL_MS = 3600_000;
/** Each call to Vipps' Login API gives up after this long (seconds). */
const TIMEOUT_S = 10;

/**
 * Vipps MobilePay's Login API through the certified OpenID Connect library `openid-client`: the
 * provider's discovery document (cached an hour), the authorization-code flow with PKCE (S256),
 * `state` and `nonce`, the token endpoint with `client_secret_basic` (Vipps' default), the ID token's
 * signature (RS256, the provider's JWKS: non-repudiation checks on), issuer, audience, expiry and nonce
 * checked by the library,
 * and the userinfo endpoint.
 */
@Injectable()
export class VippsOidcClient {
  private readonly logger = new Logger('VippsLogin');
  private discovered: { at: number; config: Promise<oidc.Configuration> } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly app: AppConfig) {}

  get cfg(): VippsLoginConfig | null {
    return this.app.vippsLogin;
  }

  /** The redirect URI registered at Vipps, exactly (Vipps compares it byte for byte). */
  get redirectUri(): string {
    return `${this.app.publicUrl.replace(/\/+$/, '')}/api/auth/vipps/callback`;
  }

  /** Vipps' authorize endpoint with this attempt's state, nonce and PKCE challenge. */
  async authorizationUrl(c: { state: string; nonce: string; codeVerifier: string }): Promise<string> {
    const config = await this.config();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: VIPPS_LOGIN_SCOPES,
      state: c.state,
      nonce: c.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(c.codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /**
   * The callback's code for tokens (the ID token checked, its nonce this attempt's), then the userinfo
   * of the ID token's subject. Throws {@link VippsLoginFailure}.
   */
  async exchange(
    query: Record<string, string>,
    c: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VippsIdentity> {
    try {
      const config = await this.config();
      const current = new URL(this.redirectUri);
      for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: c.codeVerifier,
        expectedState: c.state,
        expectedNonce: c.nonce,
        idTokenExpected: true,
      });
      const sub = tokens.claims()?.sub;
      if (!sub) throw new VippsLoginFailure('ugyldig', 'the ID token has no subject');
      const info = await oidc.fetchUserInfo(config, tokens.access_token, sub);
      const str = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);
      return {
        sub,
        email: str(info.email, 254),
        emailVerified: info.email_verified === true,
        givenName: str(info.given_name, 100),
        familyName: str(info.family_name, 100),
      };
    } catch (e) {
      throw this.failure(e);
    }
  }

  /** The discovery document as the library holds it; a failed fetch is not kept. */
  config(): Promise<oidc.Configuration> {
    const cfg = this.cfg;
    if (!cfg) return Promise.reject(new VippsLoginFailure('nede', 'Vipps Login is not configured'));
    const now = Date.now();
    if (this.discovered && now - this.discovered.at < DISCOVERY_TTL_MS) return this.discovered.config;
    const insecure = new URL(cfg.issuer).protocol === 'http:';
    const config = oidc
      .discovery(
        new URL(cfg.issuer),
        cfg.clientId,
        { client_secret: cfg.clientSecret },
        oidc.ClientSecretBasic(cfg.clientSecret),
        {
          timeout: TIMEOUT_S,
          // The ID token's signature is checked against the provider's JWKS too (TLS alone would be
          // allowed for a token from the token endpoint). Only VIPPS_LOGIN_API_BASE pointed at a local
          // fake is plain HTTP; Vipps itself is HTTPS.
          execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
        },
      )
      .then((c) => {
        c.timeout = TIMEOUT_S;
        return c;
      });
    this.discovered = { at: now, config };
    config.catch(() => {
      if (this.discovered?.config === config) this.discovered = null;
    });
    return config;
  }

  /** Forgets the discovery document (a test changes the provider). */
  reset(): void {
    this.discovered = null;
  }

  /** How a failed call is told to the person: Vipps unreachable, the code already used, or an answer that fails its checks. */
  private failure(e: unknown): VippsLoginFailure {
    if (e instanceof VippsLoginFailure) return e;
    const err = e as { name?: string; message?: string; code?: string; status?: number; error?: string; cause?: unknown };
    const detail = `${err.name ?? 'Error'}: ${err.message ?? String(e)}${err.error ? ` (${err.error})` : ''}`;
    let reason: VippsLoginFailure['reason'];
    if (e instanceof oidc.ResponseBodyError)
      reason = e.error === 'invalid_grant' ? 'brukt' : e.status >= 500 ? 'nede' : 'ugyldig';
    else if (e instanceof TypeError || err.name === 'TimeoutError' || err.name === 'AbortError' || err.code === 'OAUTH_TIMEOUT')
      reason = 'nede';
    else if (err.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || err.code === 'OAUTH_RESPONSE_IS_NOT_JSON') reason = 'nede';
    else reason = 'ugyldig';
    this.logger.warn(`Vipps Login failed (${reason}): ${detail}`);
    return new VippsLoginFailure(reason, detail);
  }
}
