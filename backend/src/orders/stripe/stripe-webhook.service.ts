import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { Order } from '../entities/order.entity';
import { MSG } from '@academy/contracts';
import { AppError, badRequest, unavailable } from '../../platform/errors/app-error';
import { DEADLOCK_ATTEMPTS, isDeadlock, isUniqueViolation } from '../../platform/errors/db-errors';
import { WebhookEvent } from '../entities/webhook-event.entity';
import { FulfilmentService } from '../fulfilment.service';
import { RefundLedger } from '../refunds/refund-ledger.service';
import {
  StripeSubscriptionEvents,
  type Once,
  type SubscriptionEventAnswer,
} from '../subscriptions/stripe-subscription-events.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { STRIPE_CLIENT, stripeWebhooks } from './stripe.provider';
import { StripeFeesService } from './stripe-fees.service';

export interface WebhookAnswer {
  received: true;
  /** The event was handled before (a repeated delivery). */
  duplicate?: boolean;
  /** The event type (or its object) is not one this site acts on. */
  ignored?: boolean;
}

class DuplicateEvent extends Error {}

type SessionLike = Pick<
  Stripe.Checkout.Session,
  'id' | 'payment_status' | 'status' | 'payment_intent' | 'amount_total' | 'currency'
> &
  Partial<Pick<Stripe.Checkout.Session, 'mode' | 'subscription' | 'customer'>>;

const idOf = (x: string | { id: string } | null | undefined): string | null => (!x ? null : typeof x === 'string' ? x : x.id);

export function paymentIntentId(pi: string | { id: string } | null | undefined): string | null {
  if (!pi) return null;
  return typeof pi === 'string' ? pi : pi.id;
}

/** The events the site acts on: its webhook endpoint in Stripe must send every one (the doctor checks). */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const satisfies readonly Stripe.Event['type'][];

/**
 * Stripe webhooks: the signature is checked on the raw body, and each event id is written in the
 * same transaction as its effects, so a repeated delivery changes nothing. Any failure after the
 * signature check answers 503 so that Stripe delivers the event again later.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly fulfilment: FulfilmentService,
    private readonly refunds: RefundLedger,
    private readonly subscriptions: SubscriptionsService,
    private readonly subscriptionEvents: StripeSubscriptionEvents,
    private readonly fees: StripeFeesService,
  ) {}

  verify(rawBody: Buffer | undefined, signature: unknown): Stripe.Event {
    const secret = this.cfg.stripeWebhookSecret;
    const sig = Array.isArray(signature) ? signature[0] : signature;
    if (!secret || !rawBody || rawBody.length === 0 || typeof sig !== 'string' || sig === '')
      throw badRequest(MSG.invalidSignature, 'INVALID_SIGNATURE');
    let event: Stripe.Event;
    try {
      event = stripeWebhooks().constructEvent(rawBody, sig, secret);
    } catch {
      throw badRequest(MSG.invalidSignature, 'INVALID_SIGNATURE');
    }
    // A signed body that is not an event (JSON null, a list, no id or type) cannot be handled, now or on a retry.
    const e = event as unknown as { id?: unknown; type?: unknown; data?: { object?: unknown } | null } | null;
    if (
      !e ||
      typeof e !== 'object' ||
      typeof e.id !== 'string' ||
      typeof e.type !== 'string' ||
      !e.data ||
      typeof e.data !== 'object' ||
      !e.data.object ||
      typeof e.data.object !== 'object'
    )
      throw badRequest(MSG.invalidEvent);
    return event;
  }

  async handle(rawBody: Buffer | undefined, signature: unknown): Promise<WebhookAnswer> {
    const event = this.verify(rawBody, signature);
    try {
      return await this.dispatch(event);
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.logger.error({ err, eventId: event.id, type: event.type }, 'Webhook failed; Stripe will retry');
      throw unavailable(MSG.serviceUnavailable);
    }
  }

  private dispatch(event: Stripe.Event): Promise<WebhookAnswer> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.onSessionCompleted(event, event.data.object);
      case 'checkout.session.async_payment_failed':
        return this.onSessionClosed(event, event.data.object, 'failed');
      case 'checkout.session.expired':
        return this.onSessionClosed(event, event.data.object, 'expired');
      case 'charge.refunded':
        return this.onChargeRefunded(event, event.data.object);
      case 'invoice.paid':
        return this.onSubscription(event, (once) => this.subscriptionEvents.invoicePaid(event.data.object, once));
      case 'invoice.payment_failed':
        return this.onSubscription(event, (once) => this.subscriptionEvents.invoiceFailed(event.data.object, once));
      case 'customer.subscription.updated':
        return this.onSubscription(event, (once) => this.subscriptionEvents.subscriptionUpdated(event.data.object, once));
      case 'customer.subscription.deleted':
        return this.onSubscription(event, (once) => this.subscriptionEvents.subscriptionDeleted(event.data.object, once));
      default:
        return Promise.resolve({ received: true, ignored: true });
    }
  }

  /**
   * Runs `effects` together with the event's row, once per event id. The event is looked up inside
   * the transaction: on SQLite the database gate runs the transaction alone, so a repeated delivery is
   * found there before anything is written; on MySQL the primary key on the event id decides between
   * concurrent deliveries (the loser rolls back).
   */
  private async once<T>(
    event: Stripe.Event,
    effects: (m: EntityManager) => Promise<T>,
  ): Promise<{ duplicate: true } | { duplicate: false; value: T }> {
    // Both instances get every delivery at once: MariaDB may pick one's transaction as a deadlock's
    // victim (rolled back whole). Ran again it finds the other's event row, instead of a 503.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.onceAttempt(event, effects);
      } catch (err) {
        if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(err)) throw err;
      }
    }
  }

  private async onceAttempt<T>(
    event: Stripe.Event,
    effects: (m: EntityManager) => Promise<T>,
  ): Promise<{ duplicate: true } | { duplicate: false; value: T }> {
    try {
      return await this.ds.transaction(async (m) => {
        if (await m.exists(WebhookEvent, { where: { id: event.id } })) return { duplicate: true } as const;
        try {
          await m.insert(WebhookEvent, { id: event.id, type: event.type.slice(0, 100), processedAt: new Date() });
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

  /** A membership subscription's event (docs/decisions.md "Memberships"), once per event id. */
  private async onSubscription(
    event: Stripe.Event,
    run: (once: Once) => Promise<SubscriptionEventAnswer>,
  ): Promise<WebhookAnswer> {
    if (await this.seen(event.id)) return { received: true, duplicate: true };
    return { received: true, ...(await run((effects) => this.once(event, effects))) };
  }

  private seen(eventId: string): Promise<boolean> {
    return this.ds.getRepository(WebhookEvent).exists({ where: { id: eventId } });
  }

  /**
   * The order of a Checkout Session, by the session id stored when it was created (the buyer only
   * gets the payment link after that). Sessions of other systems on the same Stripe account match nothing.
   */
  private orderFor(session: SessionLike): Promise<Order | null> {
    return this.ds.getRepository(Order).findOneBy({ providerReference: session.id });
  }

  private async onSessionCompleted(event: Stripe.Event, session: SessionLike): Promise<WebhookAnswer> {
    if (await this.seen(event.id)) return { received: true, duplicate: true };
    const order = await this.orderFor(session);
    if (!order) {
      this.logger.warn({ eventId: event.id, sessionId: session.id }, 'Webhook for an unknown Checkout Session');
      const r = await this.once(event, async () => undefined);
      return { received: true, ignored: true, ...(r.duplicate ? { duplicate: true } : {}) };
    }
    const pi = paymentIntentId(session.payment_intent);
    if (session.payment_status !== 'paid') {
      // Paid later (async methods): remember the payment intent; the order stays pending.
      const r = await this.once(event, async (m) => {
        if (pi) await m.update(Order, { id: order.id, status: 'pending' }, { stripePaymentIntentId: pi, updatedAt: new Date() });
      });
      return { received: true, ...(r.duplicate ? { duplicate: true } : {}) };
    }
    if (!sessionMatchesOrder(session, order)) {
      this.logger.error(
        { eventId: event.id, orderId: order.id, amountTotal: session.amount_total, currency: session.currency },
        'Paid amount does not match the order; the order is not fulfilled',
      );
      const r = await this.once(event, async () => undefined);
      return { received: true, ignored: true, ...(r.duplicate ? { duplicate: true } : {}) };
    }
    const user = await this.fulfilment.buyerFor(order);
    const r = await this.once(event, async (m) => {
      const paid = await this.fulfilment.applyPaid(m, order.id, user, pi);
      // A renewing membership (subscription mode): the subscription and customer at Stripe.
      if (session.mode === 'subscription')
        await this.subscriptions.link(m, order.id, idOf(session.subscription), idOf(session.customer));
      return paid;
    });
    if (r.duplicate) return { received: true, duplicate: true };
    await this.fulfilment.afterCommit(r.value);
    await this.fees.record(order.id, pi);
    return { received: true };
  }

  /** async_payment_failed → failed, expired → expired; a paid (or refunded) order stays as it is. */
  private async onSessionClosed(event: Stripe.Event, session: SessionLike, status: 'failed' | 'expired'): Promise<WebhookAnswer> {
    const order = await this.orderFor(session);
    const r = await this.once(event, async (m) => {
      if (order) await m.update(Order, { id: order.id, status: 'pending' }, { status, updatedAt: new Date() });
    });
    return { received: true, ...(order ? {} : { ignored: true }), ...(r.duplicate ? { duplicate: true } : {}) };
  }

  private async onChargeRefunded(event: Stripe.Event, charge: Stripe.Charge): Promise<WebhookAnswer> {
    if (await this.seen(event.id)) return { received: true, duplicate: true };
    const pi = paymentIntentId(charge.payment_intent);
    const order = pi ? await this.ds.getRepository(Order).findOneBy({ stripePaymentIntentId: pi }) : null;
    if (!order || !pi) {
      const r = await this.once(event, async () => undefined);
      return { received: true, ignored: true, ...(r.duplicate ? { duplicate: true } : {}) };
    }
    const list = await this.refundsOf(charge, pi);
    const r = await this.once(event, (m) => this.refunds.recordStripeRefunds(m, order.id, list, charge.amount_refunded));
    if (r.duplicate) return { received: true, duplicate: true };
    if (r.value) await this.refunds.afterCommit(r.value);
    return { received: true };
  }

  /** The charge's refunds: from the event when complete, else listed from Stripe. */
  private async refundsOf(charge: Stripe.Charge, pi: string): Promise<Array<Pick<Stripe.Refund, 'id' | 'amount' | 'status'>>> {
    const embedded = charge.refunds;
    if (embedded && !embedded.has_more) return embedded.data;
    if (!this.stripe) return embedded?.data ?? [];
    const out: Stripe.Refund[] = [];
    for await (const r of this.stripe.refunds.list({ payment_intent: pi, limit: 100 })) out.push(r);
    return out;
  }
}

/** The session paid what the order says, in NOK. */
export function sessionMatchesOrder(session: Pick<SessionLike, 'amount_total' | 'currency'>, order: Order): boolean {
  return session.amount_total === order.amountOre && (session.currency ?? '').toLowerCase() === order.currency.toLowerCase();
}
