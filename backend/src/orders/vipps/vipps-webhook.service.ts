import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MSG } from '@academy/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { AppError, badRequest, unavailable } from '../../platform/errors/app-error';
import { DEADLOCK_ATTEMPTS, isDeadlock, isUniqueViolation } from '../../platform/errors/db-errors';
import { Order } from '../entities/order.entity';
import { WebhookEvent } from '../entities/webhook-event.entity';
import { FulfilmentService } from '../fulfilment.service';
import type { WebhookAnswer } from '../stripe/stripe-webhook.service';
import {
  isRecurringEvent,
  recurringEventId,
  VippsRecurringEvents,
  type RecurringEvent,
} from '../subscriptions/vipps-recurring-events.service';
import { amountMatches, VIPPS_REFERENCE_RE } from './vipps-payments.service';

/** The ePayment events the site registers for (docs/operations.md "Vipps MobilePay (ePayment API)"). */
export const VIPPS_WEBHOOK_EVENTS = [
  'epayments.payment.authorized.v1',
  'epayments.payment.aborted.v1',
  'epayments.payment.expired.v1',
  'epayments.payment.cancelled.v1',
  'epayments.payment.terminated.v1',
] as const;

/** Event names (the body's `name`) that end a payment that was never approved. */
const CLOSING = new Set(['ABORTED', 'EXPIRED', 'CANCELLED', 'TERMINATED']);
const NAMES = new Set(['CREATED', 'ABORTED', 'EXPIRED', 'CANCELLED', 'CAPTURED', 'REFUNDED', 'AUTHORIZED', 'TERMINATED']);

/** The request as the controller hands it over: the raw body, the signed headers, the path and query. */
export interface VippsDelivery {
  rawBody: Buffer | undefined;
  pathAndQuery: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The ePayment webhook body (the SDK's `WebhookEvent`), after checking. */
interface PaymentEvent {
  msn: string;
  reference: string;
  pspReference: string;
  name: string;
  amount: { currency: string; value: number };
}

class DuplicateEvent extends Error {}

const b64 = (b: Buffer) => b.toString('base64');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Verifies a delivery as Vipps documents its webhooks (HMAC-SHA256): `x-ms-content-sha256` is the
 * base64 SHA-256 of the body; the string to sign is `POST\n<path and query>\n<x-ms-date>;<host>;<hash>`;
 * `Authorization` is `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=<base64
 * HMAC-SHA256 of it with the webhook's secret>`. Answers null when it holds, else why not.
 */
export function vippsSignatureProblem(d: VippsDelivery, secret: string | null): string | null {
  const h = (n: string) => {
    const v = d.headers[n];
    return Array.isArray(v) ? v[0] : v;
  };
  if (!secret) return 'no secret';
  if (!d.rawBody || d.rawBody.length === 0) return 'no body';
  const date = h('x-ms-date');
  const host = h('host');
  const hash = h('x-ms-content-sha256');
  const auth = h('authorization');
  if (!date || !host || !hash || !auth) return 'missing headers';
  if (!same(hash, b64(createHash('sha256').update(d.rawBody).digest()))) return 'content hash';
  const signed = `POST\n${d.pathAndQuery}\n${date};${host};${hash}`;
  const signature = b64(createHmac('sha256', secret).update(signed, 'utf8').digest());
  if (!same(auth, `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`)) return 'signature';
  return null;
}

/** How far a delivery's x-ms-date may be from the server's clock (either way). */
export const VIPPS_WEBHOOK_MAX_SKEW_MS = 5 * 60_000;

/**
 * A signed delivery is fresh: its x-ms-date (RFC 1123, part of what is signed) is at most
 * {@link VIPPS_WEBHOOK_MAX_SKEW_MS} from `now`. Answers null when it is, else why not. Without it a
 * delivery captured once could be replayed at any later time.
 */
export function vippsDateProblem(d: Pick<VippsDelivery, 'headers'>, now: number): string | null {
  const v = d.headers['x-ms-date'];
  const date = Array.isArray(v) ? v[0] : v;
  const at = date ? Date.parse(date) : NaN;
  if (!Number.isFinite(at)) return 'date unreadable';
  if (Math.abs(now - at) > VIPPS_WEBHOOK_MAX_SKEW_MS) return 'date off';
  return null;
}

/**
 * Vipps ePayment webhooks: AUTHORIZED fulfils the order (the one fulfilment; the capture follows it),
 * ABORTED, EXPIRED, CANCELLED and TERMINATED end a pending order as Stripe's `expired` does. Each event
 * is written with its effects, once. Every refusal and failure goes through `fail`: one log line with
 * `provider: 'vipps'`, then 400 (not from Vipps, or not an event: never sent again) or 503 (Vipps
 * delivers it again later).
 */
@Injectable()
export class VippsWebhookService {
  private readonly logger = new Logger('VippsWebhook');

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly fulfilment: FulfilmentService,
    private readonly recurring: VippsRecurringEvents,
  ) {}

  async handle(d: VippsDelivery): Promise<WebhookAnswer> {
    let event: PaymentEvent | RecurringEvent;
    try {
      event = this.verify(d);
    } catch (err) {
      return this.fail(err, null);
    }
    if (isRecurringEvent(event)) {
      const e = event;
      try {
        // Another sales unit's agreements concern no membership here.
        if (e.msn !== undefined && e.msn !== this.cfg.vipps?.msn) return { received: true, ignored: true };
        const r = await this.recurring.handle(e, (effects) => this.once(recurringEventId(e), effects));
        return { received: true, ...r };
      } catch (err) {
        return this.fail(err, null);
      }
    }
    try {
      return await this.dispatch(event);
    } catch (err) {
      return this.fail(err, event);
    }
  }

  /** The one failure path of the Vipps webhook (counted by the logs: `provider: 'vipps'`, `webhook: 'failed'`). */
  private fail(err: unknown, event: PaymentEvent | null): never {
    const refused = err instanceof AppError;
    this.logger.warn(
      {
        provider: 'vipps',
        webhook: 'failed',
        reason: refused ? (err.getResponse() as { code?: string }).code : 'error',
        reference: event?.reference,
        name: event?.name,
        ...(refused ? {} : { err }),
      },
      refused ? 'Vipps-webhook avvist' : 'Vipps-webhook feilet; Vipps prøver igjen',
    );
    if (refused) throw err;
    throw unavailable(MSG.serviceUnavailable);
  }

  private verify(d: VippsDelivery): PaymentEvent | RecurringEvent {
    const problem = vippsSignatureProblem(d, this.cfg.vipps?.webhookSecret ?? null);
    if (problem) throw badRequest(MSG.invalidSignature, 'INVALID_SIGNATURE');
    if (vippsDateProblem(d, Date.now())) throw badRequest(MSG.vippsWebhookStale, 'INVALID_SIGNATURE');
    let body: unknown;
    try {
      body = JSON.parse(d.rawBody!.toString('utf8'));
    } catch {
      throw badRequest(MSG.invalidVippsEvent);
    }
    // A Recurring API event (a membership renewing by Vipps): handled by VippsRecurringEvents.
    if (isRecurringEvent(body)) return body;
    const e = body as Partial<PaymentEvent> | null;
    if (
      !e ||
      typeof e !== 'object' ||
      typeof e.reference !== 'string' ||
      typeof e.pspReference !== 'string' ||
      typeof e.name !== 'string' ||
      !NAMES.has(e.name) ||
      typeof e.msn !== 'string' ||
      !e.amount ||
      typeof e.amount !== 'object' ||
      typeof e.amount.value !== 'number' ||
      typeof e.amount.currency !== 'string'
    )
      throw badRequest(MSG.invalidVippsEvent);
    return e as PaymentEvent;
  }

  private async dispatch(event: PaymentEvent): Promise<WebhookAnswer> {
    // Another sales unit's events, or references that are not ours, concern no order here.
    if (event.msn !== this.cfg.vipps?.msn || !VIPPS_REFERENCE_RE.test(event.reference)) return { received: true, ignored: true };
    if (event.name === 'AUTHORIZED') return this.onAuthorized(event);
    if (CLOSING.has(event.name)) return this.onClosed(event);
    return { received: true, ignored: true };
  }

  /** One row per event: reference, name and Vipps' pspReference of the event. */
  private eventId(e: PaymentEvent): string {
    return `vipps:${e.reference}:${e.name}:${e.pspReference}`.slice(0, 255);
  }

  private orderFor(reference: string): Promise<Order | null> {
    return this.ds.getRepository(Order).findOneBy({ providerReference: reference, provider: 'vipps' });
  }

  private async onAuthorized(event: PaymentEvent): Promise<WebhookAnswer> {
    const id = this.eventId(event);
    if (await this.ds.getRepository(WebhookEvent).exists({ where: { id } })) return { received: true, duplicate: true };
    const order = await this.orderFor(event.reference);
    if (!order) return this.record(id, 'ignored');
    if (!amountMatches(event.amount, order)) {
      this.logger.error(
        { provider: 'vipps', orderId: order.id, amount: event.amount },
        'Vipps amount does not match the order; the order is not fulfilled',
      );
      return this.record(id, 'ignored');
    }
    const user = await this.fulfilment.buyerFor(order);
    const r = await this.once(id, (m) => this.fulfilment.applyPaid(m, order.id, user, null));
    if (r.duplicate) return { received: true, duplicate: true };
    await this.fulfilment.afterCommit(r.value);
    return { received: true };
  }

  private async onClosed(event: PaymentEvent): Promise<WebhookAnswer> {
    const order = await this.orderFor(event.reference);
    const r = await this.once(this.eventId(event), async (m) => {
      if (order) await m.update(Order, { id: order.id, status: 'pending' }, { status: 'expired', updatedAt: new Date() });
    });
    return { received: true, ...(order ? {} : { ignored: true }), ...(r.duplicate ? { duplicate: true } : {}) };
  }

  private async record(id: string, kind: 'ignored'): Promise<WebhookAnswer> {
    const r = await this.once(id, async () => undefined);
    return { received: true, [kind]: true, ...(r.duplicate ? { duplicate: true } : {}) };
  }

  /** `effects` with the event's row, once per event id (as the Stripe webhook does). */
  private async once<T>(
    id: string,
    effects: (m: EntityManager) => Promise<T>,
  ): Promise<{ duplicate: true } | { duplicate: false; value: T }> {
    // A deadlock's victim (both instances get each delivery at once) runs again, instead of a 503.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.onceAttempt(id, effects);
      } catch (err) {
        if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(err)) throw err;
      }
    }
  }

  private async onceAttempt<T>(
    id: string,
    effects: (m: EntityManager) => Promise<T>,
  ): Promise<{ duplicate: true } | { duplicate: false; value: T }> {
    try {
      return await this.ds.transaction(async (m) => {
        if (await m.exists(WebhookEvent, { where: { id } })) return { duplicate: true } as const;
        try {
          await m.insert(WebhookEvent, { id, type: `vipps:${id.split(':')[2] ?? ''}`.slice(0, 100), processedAt: new Date() });
        } catch (err) {
          if (isUniqueViolation(err)) throw new DuplicateEvent();
          throw err;
        }
        return { duplicate: false, value: await effects(m) } as const;
      });
    } catch (err) {
      if (err instanceof DuplicateEvent) return { duplicate: true } as const;
      throw err;
    }
  }
}
