import { randomBytes, randomUUID } from 'node:crypto';
import type { FakeReply, FakeRequest } from './fake-server';

/**
 * Vipps MobilePay's Recurring API v3 in the fake Vipps (fake-vipps.ts serves these routes beside the
 * ePayment ones, on the same keys and token), checked against its published description
 * (e2e/contracts/vipps-recurring: the 2023 description with the changes since, overlay.json). The rules
 * it keeps beyond the schemas, as the description and the API guide (vipps-recurring-api @ 60d33c32,
 * docs/openapi.yaml and recurring-api-guide.md; the SDK's generated types for the prose since) state them:
 * - `merchantAgreementUrl` is required for Norwegian merchants, and `due` and `retryDays` for RECURRING
 *   charges (optional in the schemas since 2024, required in their prose);
 * - a charge's `due` is at least two days after the day it is created ("Must be at least two days in
 *   advance in the production environment": CreateChargeV3 `due`; "Due date" in the guide) and at most
 *   two years ahead;
 * - with LEGACY pricing a charge is at most 5 times the agreement's price ("Amount limits"); the
 *   initial charge has no such limit;
 * - charges are made on an ACTIVE agreement only; a STOPPED agreement cannot be re-activated
 *   (UpdateAgreementPatchV3), and stopping it cancels its charges not yet taken;
 * - only a PENDING or DUE charge (or a RESERVED one) can be cancelled; a CHARGED one can be refunded up
 *   to what was charged.
 * The user's side (approving in the app, stopping the agreement in the app) and Vipps' processing of a
 * due charge are the test's calls; each answers the webhook event Vipps would send.
 */

export type FakeRecurringRoute =
  | 'agreements.create'
  | 'agreements.get'
  | 'agreements.update'
  | 'charges.create'
  | 'charges.get'
  | 'charges.cancel'
  | 'charges.refund';

export const RECURRING_ROUTES: Record<FakeRecurringRoute, { method: string; path: string }> = {
  'agreements.create': { method: 'POST', path: '/recurring/v3/agreements' },
  'agreements.get': { method: 'GET', path: '/recurring/v3/agreements/{agreementId}' },
  'agreements.update': { method: 'PATCH', path: '/recurring/v3/agreements/{agreementId}' },
  'charges.create': { method: 'POST', path: '/recurring/v3/agreements/{agreementId}/charges' },
  'charges.get': { method: 'GET', path: '/recurring/v3/agreements/{agreementId}/charges/{chargeId}' },
  'charges.cancel': { method: 'DELETE', path: '/recurring/v3/agreements/{agreementId}/charges/{chargeId}' },
  'charges.refund': { method: 'POST', path: '/recurring/v3/agreements/{agreementId}/charges/{chargeId}/refund' },
};
export const RECURRING_MONEY: FakeRecurringRoute[] = [
  'agreements.create',
  'agreements.update',
  'charges.create',
  'charges.cancel',
  'charges.refund',
];

export interface FakeAgreement {
  id: string;
  status: 'PENDING' | 'ACTIVE' | 'STOPPED' | 'EXPIRED';
  request: {
    pricing: { type?: string; amount: number; currency: string };
    interval: { unit: string; count: number };
    initialCharge?: { amount: number; description: string; transactionType: string; orderId?: string };
    merchantRedirectUrl: string;
    merchantAgreementUrl: string;
    productName: string;
    phoneNumber?: string;
    countryCode?: string;
  };
  confirmationUrl: string;
}

export interface FakeCharge {
  id: string;
  agreementId: string;
  amount: number;
  refunded: number;
  status: 'PENDING' | 'DUE' | 'RESERVED' | 'CHARGED' | 'FAILED' | 'CANCELLED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  type: 'INITIAL' | 'RECURRING';
  due: string;
  retryDays: number;
  description: string;
}

/** A Recurring webhook body (Vipps' Webhooks API, Recurring event types). */
export interface RecurringWebhookEvent {
  msn: string;
  eventType: string;
  agreementId: string;
  chargeId: string | null;
  chargeType: 'INITIAL' | 'RECURRING' | null;
  amount: number | null;
  currency: 'NOK';
  occurred: string;
  actor?: 'MERCHANT' | 'USER' | 'ADMIN';
}

const DAY = 86_400_000;
const LEGACY_CHARGE_LIMIT = 5;
const MIN_DAYS_AHEAD = 2;
const day = (d: Date) => Math.floor(d.getTime() / DAY);
const dayOf = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? Math.floor(Date.parse(`${s}T00:00:00Z`) / DAY) : NaN);

function problem(status: number, title: string, detail: string): FakeReply {
  return {
    status,
    body: {
      type: 'https://developer.vippsmobilepay.com/docs/APIs/recurring-api/recurring-api-problems',
      title,
      status,
      detail,
      instance: randomUUID(),
    },
  };
}

export interface FakeRecurring {
  agreements: Map<string, FakeAgreement>;
  charges: Map<string, FakeCharge>;
  /** "Today" for the due-date rule (the suite's clock). */
  now: () => Date;
  handle(r: FakeRecurringRoute, req: FakeRequest, base: string): FakeReply;
  lastAgreement(): FakeAgreement;
  /** The user approves the agreement in the app: ACTIVE, and the initial charge taken. */
  approve(agreementId: string): RecurringWebhookEvent[];
  /** The user rejects it: STOPPED. */
  reject(agreementId: string): RecurringWebhookEvent[];
  /** The user stops the agreement in the app: STOPPED, its charges not yet taken cancelled. */
  stopInApp(agreementId: string): RecurringWebhookEvent[];
  /** Vipps processes a due charge: CHARGED, or FAILED once its retry days are over. */
  process(chargeId: string, ok: boolean): RecurringWebhookEvent[];
  event(
    eventType: string,
    agreementId: string,
    charge?: FakeCharge | null,
    actor?: RecurringWebhookEvent['actor'],
  ): RecurringWebhookEvent;
  reset(): void;
}

export function createFakeRecurring(msn: string): FakeRecurring {
  const agreements = new Map<string, FakeAgreement>();
  const charges = new Map<string, FakeCharge>();
  const key = (agreementId: string, chargeId: string) => `${agreementId}/${chargeId}`;
  const self: FakeRecurring = {
    agreements,
    charges,
    now: () => new Date(),
    handle(r, req, base) {
      const b = req.body as Record<string, unknown> | null;
      const agr = req.params.agreementId ? agreements.get(req.params.agreementId) : undefined;
      if (req.params.agreementId && !agr) return problem(404, 'Not Found', `Agreement ${req.params.agreementId} not found`);
      const ch = agr && req.params.chargeId ? charges.get(key(agr.id, req.params.chargeId)) : undefined;
      if (req.params.chargeId && !ch) return problem(404, 'Not Found', `Charge ${req.params.chargeId} not found`);
      switch (r) {
        case 'agreements.create': {
          const a = b as unknown as FakeAgreement['request'];
          if ((a.pricing.type ?? 'LEGACY') === 'LEGACY' && typeof a.pricing.amount !== 'number')
            return problem(400, 'Bad Request', 'pricing.amount is required with LEGACY pricing');
          // Optional in the schema since 2024, but "This URL is required for Norwegian Merchants" (DraftAgreementV3).
          if ((a.countryCode ?? 'NO') === 'NO' && !a.merchantAgreementUrl)
            return problem(400, 'Bad Request', 'merchantAgreementUrl is required for Norwegian merchants');
          // "Only HTTPS scheme is allowed" (DraftAgreementV3); the suites' own servers on loopback stand in for it.
          if (a.merchantAgreementUrl && !/^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1)[:/])/.test(a.merchantAgreementUrl))
            return problem(400, 'Bad Request', 'merchantAgreementUrl must be https');
          const id = `agr_${randomBytes(5).toString('hex')}`;
          const agreement: FakeAgreement = {
            id,
            status: 'PENDING',
            request: a,
            confirmationUrl: `${base}/recurring-landing/${id}`,
          };
          agreements.set(id, agreement);
          let chargeId: string | null = null;
          if (a.initialCharge) {
            chargeId = a.initialCharge.orderId ?? `chr-${randomBytes(5).toString('hex')}`;
            charges.set(key(id, chargeId), {
              id: chargeId,
              agreementId: id,
              amount: a.initialCharge.amount,
              refunded: 0,
              status: 'PENDING',
              type: 'INITIAL',
              due: new Date(self.now()).toISOString().slice(0, 10),
              retryDays: 0,
              description: a.initialCharge.description,
            });
          }
          return {
            status: 201,
            body: { agreementId: id, uuid: randomUUID(), vippsConfirmationUrl: agreement.confirmationUrl, chargeId },
          };
        }
        case 'agreements.get':
          return {
            status: 200,
            body: {
              id: agr!.id,
              status: agr!.status,
              pricing: { type: 'LEGACY', amount: agr!.request.pricing.amount, currency: 'NOK' },
              interval: agr!.request.interval,
              productName: agr!.request.productName,
              merchantAgreementUrl: agr!.request.merchantAgreementUrl,
              merchantRedirectUrl: agr!.request.merchantRedirectUrl,
            },
          };
        case 'agreements.update': {
          if (b?.status === 'STOPPED') {
            if (agr!.status === 'EXPIRED') return problem(400, 'Bad Request', 'The agreement has expired');
            stop(agr!);
          }
          return { status: 204 };
        }
        case 'charges.create': {
          const c = b as { amount: number; due: string; retryDays: number; description: string; orderId?: string; type?: string };
          if (agr!.status !== 'ACTIVE') return problem(400, 'Bad Request', `Agreement is ${agr!.status}`);
          // Optional in the schema since 2024: "Required only for RECURRING charges" (CreateChargeV3 `due`, `retryDays`).
          if ((c.type ?? 'RECURRING') === 'RECURRING' && (typeof c.due !== 'string' || typeof c.retryDays !== 'number'))
            return problem(400, 'Bad Request', 'due and retryDays are required for RECURRING charges');
          const today = day(self.now());
          const due = dayOf(c.due);
          if (!(due >= today + MIN_DAYS_AHEAD))
            return problem(400, 'Bad Request', `due must be at least ${MIN_DAYS_AHEAD} days in the future`);
          if (due > today + 2 * 366) return problem(400, 'Bad Request', 'due must be at most two years in the future');
          if (c.amount > LEGACY_CHARGE_LIMIT * agr!.request.pricing.amount)
            return problem(400, 'Bad Request', `amount exceeds ${LEGACY_CHARGE_LIMIT} times the agreement's price`);
          const id = c.orderId ?? `chr-${randomBytes(5).toString('hex')}`;
          if (charges.has(key(agr!.id, id))) return problem(409, 'Conflict', `Charge ${id} already exists`);
          charges.set(key(agr!.id, id), {
            id,
            agreementId: agr!.id,
            amount: c.amount,
            refunded: 0,
            status: 'PENDING',
            type: 'RECURRING',
            due: c.due,
            retryDays: c.retryDays,
            description: c.description,
          });
          return { status: 201, body: { chargeId: id } };
        }
        case 'charges.get':
          return { status: 200, body: chargeBody(ch!) };
        case 'charges.cancel': {
          if (!['PENDING', 'DUE', 'RESERVED'].includes(ch!.status))
            return problem(400, 'Bad Request', `A charge in status ${ch!.status} cannot be cancelled`);
          ch!.status = 'CANCELLED';
          return { status: 204 };
        }
        case 'charges.refund': {
          const amount = (b as { amount: number }).amount;
          if (!['CHARGED', 'PARTIALLY_REFUNDED'].includes(ch!.status))
            return problem(400, 'Bad Request', `A charge in status ${ch!.status} cannot be refunded`);
          if (amount > ch!.amount - ch!.refunded) return problem(400, 'Bad Request', 'Refund exceeds what was charged');
          ch!.refunded += amount;
          ch!.status = ch!.refunded === ch!.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
          return { status: 204 };
        }
      }
    },
    lastAgreement() {
      const all = [...agreements.values()];
      if (!all.length) throw new Error('fake vipps: no agreement created');
      return all[all.length - 1];
    },
    approve(agreementId) {
      const a = must(agreementId);
      if (a.status !== 'PENDING') throw new Error(`fake vipps: agreement ${agreementId} is ${a.status}`);
      a.status = 'ACTIVE';
      const out = [self.event('recurring.agreement-activated.v1', a.id, null, 'USER')];
      const initial = [...charges.values()].find((c) => c.agreementId === a.id && c.type === 'INITIAL');
      if (initial) {
        initial.status = 'CHARGED';
        out.push(self.event('recurring.charge-captured.v1', a.id, initial));
      }
      return out;
    },
    reject(agreementId) {
      const a = must(agreementId);
      a.status = 'STOPPED';
      return [self.event('recurring.agreement-rejected.v1', a.id, null, 'USER')];
    },
    stopInApp(agreementId) {
      const a = must(agreementId);
      const cancelled = stop(a);
      return [
        self.event('recurring.agreement-stopped.v1', a.id, null, 'USER'),
        ...cancelled.map((c) => self.event('recurring.charge-canceled.v1', a.id, c)),
      ];
    },
    process(chargeId, ok) {
      const c = [...charges.values()].find((x) => x.id === chargeId);
      if (!c) throw new Error(`fake vipps: no charge ${chargeId}`);
      if (c.status !== 'PENDING' && c.status !== 'DUE') throw new Error(`fake vipps: charge ${chargeId} is ${c.status}`);
      c.status = ok ? 'CHARGED' : 'FAILED';
      return [self.event(ok ? 'recurring.charge-captured.v1' : 'recurring.charge-failed.v1', c.agreementId, c)];
    },
    event(eventType, agreementId, charge = null, actor) {
      return {
        msn,
        eventType,
        agreementId,
        chargeId: charge?.id ?? null,
        chargeType: charge?.type ?? null,
        amount: charge?.amount ?? null,
        currency: 'NOK',
        occurred: new Date().toISOString(),
        ...(actor ? { actor } : {}),
      };
    },
    reset() {
      agreements.clear();
      charges.clear();
    },
  };
  function must(id: string): FakeAgreement {
    const a = agreements.get(id);
    if (!a) throw new Error(`fake vipps: no agreement ${id}`);
    return a;
  }
  /** STOPPED, and the charges not yet taken cancelled (as Vipps does when an agreement stops). */
  function stop(a: FakeAgreement): FakeCharge[] {
    a.status = 'STOPPED';
    const open = [...charges.values()].filter((c) => c.agreementId === a.id && ['PENDING', 'DUE'].includes(c.status));
    for (const c of open) c.status = 'CANCELLED';
    return open;
  }
  function chargeBody(c: FakeCharge) {
    return {
      id: c.id,
      agreementId: c.agreementId,
      amount: c.amount,
      currency: 'NOK',
      description: c.description,
      due: `${c.due.slice(0, 10)}T00:00:00Z`,
      status: c.status,
      type: c.type,
      transactionType: 'DIRECT_CAPTURE',
      retryDays: c.retryDays,
      transactionId: null,
      externalId: c.id,
      summary: { captured: c.status === 'CHARGED' ? c.amount : 0, refunded: c.refunded, cancelled: 0 },
      history: [],
    };
  }
  return self;
}
