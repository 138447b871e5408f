import type { Provider } from '@nestjs/common';
import type {
  AuthorizationTokenResponse,
  CapturePaymentResponse,
  CaptureModificationRequest,
  CreatePaymentRequest,
  CreatePaymentResponse,
  GetPaymentResponse,
  RefundModificationRequest,
  RefundPaymentResponse,
  RegisterRequest,
  RegisterResponse,
} from '@vippsmobilepay/sdk';
import { APP_CONFIG, type AppConfig, type VippsConfig } from '../../platform/config';

/** The Vipps MobilePay client, or null when VIPPS_* keys are not set (no Vipps button). */
export const VIPPS_API = Symbol('VIPPS_API');

/** Vipps' own addresses (VIPPS_TEST_MODE chooses; the same as the SDK's). */
export const VIPPS_PRODUCTION_BASE = 'https://api.vipps.no';
export const VIPPS_TEST_BASE = 'https://apitest.vipps.no';

/** How the site names itself to Vipps (Vipps-System-* headers). */
const SYSTEM = { name: 'trading-akademiet', version: '1.0.0' };

/** A request Vipps refused (status 4xx), could not answer (5xx), or never reached (status null). */
export class VippsApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly problem: unknown = null,
  ) {
    super(message);
    this.name = 'VippsApiError';
  }

  /** Vipps said no to this request (repeating it unchanged will not help). */
  get rejected(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500;
  }
}

/** A payment request with the order's own reference (the SDK makes one up when it is left out; we never do). */
export type VippsCreatePayment = CreatePaymentRequest & { reference: string };

/**
 * The ePayment, access-token and webhooks calls the site makes, on the SDK's request and response
 * types. Calls that change money carry an Idempotency-Key of the caller's choosing.
 */
export interface VippsApi {
  createPayment(body: VippsCreatePayment, idempotencyKey: string): Promise<CreatePaymentResponse>;
  getPayment(reference: string): Promise<GetPaymentResponse>;
  capture(reference: string, body: CaptureModificationRequest, idempotencyKey: string): Promise<CapturePaymentResponse>;
  refund(reference: string, body: RefundModificationRequest, idempotencyKey: string): Promise<RefundPaymentResponse>;
  registerWebhook(body: RegisterRequest): Promise<RegisterResponse>;
}

/** The access token, kept until shortly before it expires (1 hour in the test environment, 24 in production). */
class TokenCache {
  private token: { value: string; until: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(private readonly fetchToken: () => Promise<AuthorizationTokenResponse>) {}

  get(): Promise<string> {
    if (this.token && Date.now() < this.token.until) return Promise.resolve(this.token.value);
    this.pending ??= this.fetchToken()
      .then((t) => {
        const expiresOn = Number(t.expires_on) * 1000;
        const lifetime = Number(t.expires_in) * 1000;
        const until = Number.isFinite(expiresOn) && expiresOn > 0 ? expiresOn : Date.now() + (lifetime || 3600_000);
        this.token = { value: t.access_token, until: until - 5 * 60_000 };
        return t.access_token;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}

/**
 * The thin client: the same requests as the SDK (paths, headers, bodies typed with its types), with the
 * caller's Idempotency-Key on every call that moves money, so that a capture or refund tried again is
 * the same one at Vipps. Sent to Vipps' own address, or to VIPPS_API_BASE (tests, local mocks).
 */
export class HttpVippsApi implements VippsApi {
  private readonly tokens: TokenCache;

  constructor(
    private readonly cfg: VippsConfig,
    private readonly base: string,
  ) {
    this.tokens = new TokenCache(() =>
      this.send<AuthorizationTokenResponse>('POST', '/accesstoken/get', {
        headers: { client_id: cfg.clientId, client_secret: cfg.clientSecret },
        token: false,
      }),
    );
  }

  /** A call to another of Vipps' APIs on the same keys and token (the Recurring API: vipps-recurring-api.ts). */
  request<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    opts: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<T> {
    return this.send<T>(method, path, opts);
  }

  private async send<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    opts: { body?: unknown; idempotencyKey?: string; headers?: Record<string, string>; token?: boolean } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Ocp-Apim-Subscription-Key': this.cfg.subscriptionKey,
      'Merchant-Serial-Number': this.cfg.msn,
      'Vipps-System-Name': SYSTEM.name,
      'Vipps-System-Version': SYSTEM.version,
      ...opts.headers,
    };
    if (opts.token !== false) headers.Authorization = `Bearer ${await this.tokens.get()}`;
    if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (err) {
      throw new VippsApiError(`Could not reach Vipps: ${(err as Error).message}`, null);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = null;
    }
    if (!res.ok) throw new VippsApiError(`Vipps answered ${res.status}`, res.status, json);
    if (json === null) throw new VippsApiError('Vipps did not answer with JSON', res.status);
    return json as T;
  }

  createPayment(body: VippsCreatePayment, idempotencyKey: string): Promise<CreatePaymentResponse> {
    return this.send('POST', '/epayment/v1/payments', { body, idempotencyKey });
  }
  getPayment(reference: string): Promise<GetPaymentResponse> {
    return this.send('GET', `/epayment/v1/payments/${encodeURIComponent(reference)}`);
  }
  capture(reference: string, body: CaptureModificationRequest, idempotencyKey: string): Promise<CapturePaymentResponse> {
    return this.send('POST', `/epayment/v1/payments/${encodeURIComponent(reference)}/capture`, { body, idempotencyKey });
  }
  refund(reference: string, body: RefundModificationRequest, idempotencyKey: string): Promise<RefundPaymentResponse> {
    return this.send('POST', `/epayment/v1/payments/${encodeURIComponent(reference)}/refund`, { body, idempotencyKey });
  }
  registerWebhook(body: RegisterRequest): Promise<RegisterResponse> {
    return this.send('POST', '/webhooks/v1/webhooks', { body });
  }
}

/** Where the calls go: VIPPS_API_BASE when set (tests, local mocks), else Vipps' test or production address. */
export function vippsBaseUrl(v: Pick<VippsConfig, 'apiBase' | 'testMode'>): string {
  if (v.apiBase) return v.apiBase.toString().replace(/\/+$/, '');
  return v.testMode ? VIPPS_TEST_BASE : VIPPS_PRODUCTION_BASE;
}

/**
 * The one client, in production too: the official SDK makes up its own Idempotency-Key for every
 * call, so a capture or refund tried again would not be deduplicated by Vipps. The SDK is kept for
 * its request and response types only.
 */
export function createVippsApi(cfg: Pick<AppConfig, 'vipps'>): VippsApi | null {
  const v = cfg.vipps;
  if (!v) return null;
  return new HttpVippsApi(v, vippsBaseUrl(v));
}

export const vippsApiProvider: Provider = {
  provide: VIPPS_API,
  inject: [APP_CONFIG],
  useFactory: (cfg: AppConfig) => createVippsApi(cfg),
};
