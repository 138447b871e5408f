import type { Provider } from '@nestjs/common';
import { HttpVippsApi, VIPPS_API, type VippsApi } from './vipps-api';

/**
 * Vipps MobilePay's Recurring API v3, the calls the site makes (docs/decisions.md "Memberships"):
 * shapes as its published description states them (vendored in e2e/contracts/vipps-recurring: the
 * 2023 description with the changes since from the SDK's generated types, overlay.json). Every call
 * that changes an agreement or moves money carries the caller's Idempotency-Key.
 */
export const VIPPS_RECURRING_API = Symbol('VIPPS_RECURRING_API');

export type AgreementStatus = 'PENDING' | 'ACTIVE' | 'STOPPED' | 'EXPIRED';
export type ChargeStatus =
  | 'PENDING'
  | 'DUE'
  | 'RESERVED'
  | 'CHARGED'
  | 'PARTIALLY_CAPTURED'
  | 'FAILED'
  | 'CANCELLED'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED'
  | 'PROCESSING';

/** DraftAgreementV3, as the site fills it in (LEGACY pricing: one fixed price a period). */
export interface DraftAgreement {
  pricing: { type: 'LEGACY'; amount: number; currency: 'NOK' };
  interval: { unit: 'YEAR' | 'MONTH' | 'WEEK' | 'DAY'; count: number };
  initialCharge?: { amount: number; description: string; transactionType: 'DIRECT_CAPTURE'; orderId?: string };
  merchantRedirectUrl: string;
  merchantAgreementUrl: string;
  productName: string;
  phoneNumber?: string;
  externalId?: string;
}

export interface DraftAgreementResponse {
  agreementId: string;
  uuid: string;
  vippsConfirmationUrl?: string;
  chargeId?: string | null;
}

export interface Agreement {
  id: string;
  status?: AgreementStatus;
  pricing: { amount?: number; currency?: string };
}

/** CreateChargeV3: a RECURRING charge, for which `due` and `retryDays` are required (optional for UNSCHEDULED ones). */
export interface CreateCharge {
  amount: number;
  transactionType: 'DIRECT_CAPTURE';
  type: 'RECURRING';
  description: string;
  /** YYYY-MM-DD. */
  due: string;
  retryDays: number;
  orderId?: string;
}

export interface Charge {
  id: string;
  agreementId: string;
  amount: number;
  status: ChargeStatus;
  due: string;
  type?: 'INITIAL' | 'RECURRING' | 'UNSCHEDULED';
}

export interface VippsRecurringApi {
  createAgreement(body: DraftAgreement, idempotencyKey: string): Promise<DraftAgreementResponse>;
  getAgreement(agreementId: string): Promise<Agreement>;
  stopAgreement(agreementId: string, idempotencyKey: string): Promise<void>;
  createCharge(agreementId: string, body: CreateCharge, idempotencyKey: string): Promise<{ chargeId?: string }>;
  getCharge(agreementId: string, chargeId: string): Promise<Charge>;
  cancelCharge(agreementId: string, chargeId: string, idempotencyKey: string): Promise<void>;
  refundCharge(agreementId: string, chargeId: string, amount: number, description: string, idempotencyKey: string): Promise<void>;
}

const e = encodeURIComponent;

/** The Recurring calls on the ePayment client's keys, token and address. */
export class HttpVippsRecurringApi implements VippsRecurringApi {
  constructor(private readonly http: HttpVippsApi) {}

  createAgreement(body: DraftAgreement, idempotencyKey: string): Promise<DraftAgreementResponse> {
    return this.http.request('POST', '/recurring/v3/agreements', { body, idempotencyKey });
  }
  getAgreement(agreementId: string): Promise<Agreement> {
    return this.http.request('GET', `/recurring/v3/agreements/${e(agreementId)}`);
  }
  async stopAgreement(agreementId: string, idempotencyKey: string): Promise<void> {
    await this.http.request('PATCH', `/recurring/v3/agreements/${e(agreementId)}`, {
      body: { status: 'STOPPED' },
      idempotencyKey,
    });
  }
  createCharge(agreementId: string, body: CreateCharge, idempotencyKey: string): Promise<{ chargeId?: string }> {
    return this.http.request('POST', `/recurring/v3/agreements/${e(agreementId)}/charges`, { body, idempotencyKey });
  }
  getCharge(agreementId: string, chargeId: string): Promise<Charge> {
    return this.http.request('GET', `/recurring/v3/agreements/${e(agreementId)}/charges/${e(chargeId)}`);
  }
  async cancelCharge(agreementId: string, chargeId: string, idempotencyKey: string): Promise<void> {
    await this.http.request('DELETE', `/recurring/v3/agreements/${e(agreementId)}/charges/${e(chargeId)}`, { idempotencyKey });
  }
  async refundCharge(agreementId: string, chargeId: string, amount: number, description: string, idempotencyKey: string) {
    await this.http.request('POST', `/recurring/v3/agreements/${e(agreementId)}/charges/${e(chargeId)}/refund`, {
      body: { amount, description },
      idempotencyKey,
    });
  }
}

export const vippsRecurringApiProvider: Provider = {
  provide: VIPPS_RECURRING_API,
  inject: [VIPPS_API],
  useFactory: (api: VippsApi | null) => (api instanceof HttpVippsApi ? new HttpVippsRecurringApi(api) : null),
};
