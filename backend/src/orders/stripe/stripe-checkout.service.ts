import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { IsNull, MoreThan, Not, Repository } from 'typeorm';
import { MSG, normalizeCampaignCode } from '@academy/contracts';
import type { CatalogSeed } from '../../catalog/catalog.data';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { AppError, unavailable } from '../../platform/errors/app-error';
import { Clock } from '../../platform/time/clock';
import type { CreateCheckoutSessionDto } from '../dto/create-checkout-session.dto';
import { Order } from '../entities/order.entity';
import { PROVIDER_READ_CACHE_MS, SingleFlight } from '../single-flight';
import { paymentIntentId, sessionMatchesOrder } from './stripe-webhook.service';
import { STRIPE_CLIENT } from './stripe.provider';

/** What a Stripe Checkout Session means for its order. */
export type StripeOutcome = { state: 'paid'; paymentIntentId: string | null } | { state: 'expired' | 'pending' };

/**
 * Card and Klarna payments through Stripe Checkout: the session of a pending order (built from the
 * server's catalogue and price), the expiry of the buyer's own open session so that the order can be
 * reused, and the session's state for the success page.
 */
@Injectable()
export class StripeCheckoutService {
  private readonly logger = new Logger('Checkout');
  /** The success page's reads of Checkout Sessions from Stripe, shared per session id. */
  private readonly reads: SingleFlight<Stripe.Checkout.Session>;

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    clock: Clock,
  ) {
    this.reads = new SingleFlight(PROVIDER_READ_CACHE_MS, undefined, () => clock.now().getTime());
  }

  get configured(): boolean {
    return this.stripe !== null;
  }

  /**
   * The Checkout Session of a pending order, its reference stored on the order; answers Stripe's page
   * for the buyer. When Stripe refuses or answers without a page, the order fails and the answer is 502.
   */
  async create(
    order: Order,
    item: CatalogSeed,
    productName: string,
    paymentMethod: CreateCheckoutSessionDto['paymentMethod'],
    autoRenew = false,
  ): Promise<{ url: string; reference: string }> {
    const stripe = this.need();
    const base = this.cfg.publicUrl;
    const email = order.email;
    let session: Stripe.Checkout.Session;
    try {
      const metadata = { orderId: String(order.id), courseId: item.id };
      session = await stripe.checkout.sessions.create(
        {
          // A renewing membership is a yearly subscription whose first period is paid at once
          // (docs/decisions.md "Memberships"); everything else one payment.
          mode: autoRenew ? 'subscription' : 'payment',
          currency: 'nok',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'nok',
                unit_amount: order.amountOre,
                ...(autoRenew ? { recurring: { interval: 'year' as const, interval_count: 1 } } : {}),
                product_data: {
                  name: productName,
                  description: order.campaignCode
                    ? `${item.shortDescription} (kampanjekode ${order.campaignCode})`
                    : item.shortDescription,
                },
              },
            },
          ],
          // The SDK's API version replaced `payment_method_types` with this list (Stripe changelog 2026-09-30).
          allowed_payment_method_types: [paymentMethod],
          customer_email: email,
          client_reference_id: String(order.id),
          metadata: {
            orderId: String(order.id),
            courseId: item.id,
            ...(order.campaignCode ? { campaignCode: order.campaignCode } : {}),
          },
          ...(autoRenew ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          locale: 'nb',
          ...(order.expiresAt ? { expires_at: Math.floor(order.expiresAt.getTime() / 1000) } : {}),
          success_url: `${base}/betaling/fullfort?session_id={CHECKOUT_SESSION_ID}`,
          // Back from Stripe without paying: the order form again, filled in as it was (from the tab's
          // copy: the buyer's address is never put in an address), saying so.
          cancel_url: `${base}/bestill?course=${item.id}${
            order.campaignCode ? `&kode=${encodeURIComponent(order.campaignCode)}` : ''
          }&metode=${paymentMethod}&betaling=avbrutt`,
        },
        // A reused order has a new updatedAt: a new session, never the replay of its first one.
        { idempotencyKey: `checkout-${order.id}-${order.updatedAt.getTime()}` },
      );
    } catch (err) {
      const e = err as { type?: string; statusCode?: number; message?: string };
      this.logger.error({ orderId: order.id, type: e.type, statusCode: e.statusCode, msg: e.message }, 'Stripe Checkout failed');
      return this.fail(order);
    }
    if (!session.url) return this.fail(order);
    await this.orders.update(
      { id: order.id, providerReference: IsNull() },
      { providerReference: session.id, updatedAt: new Date() },
    );
    return { url: session.url, reference: session.id };
  }

  /**
   * The buyer's own open Stripe checkout of this course with this code (or none), whose session could
   * be expired at Stripe now, so that the order can take a new one. Null when there is none, or when
   * its session cannot be expired (paid meanwhile, or Stripe unreachable): then a new order is made.
   * "Own": the signed-in account's, or, signed out, the same address with the same name as typed, so
   * that typing someone's address alone never cancels their open payment.
   */
  async reusablePending(
    email: string,
    courseId: string,
    dto: Pick<CreateCheckoutSessionDto, 'campaignCode' | 'firstName' | 'lastName'>,
    userId: number | null,
  ): Promise<Order | null> {
    const code = dto.campaignCode !== undefined ? normalizeCampaignCode(dto.campaignCode) : null;
    const open = await this.orders.find({
      where: {
        email,
        courseId,
        campaignCode: code ?? IsNull(),
        provider: 'stripe',
        status: 'pending',
        providerReference: Not(IsNull()),
        expiresAt: MoreThan(new Date()),
      },
      order: { id: 'DESC' },
      take: 10,
    });
    const same = (a: string, b: string) => a.trim().toLocaleLowerCase('nb') === b.trim().toLocaleLowerCase('nb');
    const prev = open.find((o) =>
      userId !== null ? o.userId === userId : same(o.firstName, dto.firstName) && same(o.lastName, dto.lastName),
    );
    if (!prev?.providerReference || !this.stripe) return null;
    try {
      const expired = await this.stripe.checkout.sessions.expire(prev.providerReference);
      return expired.status === 'expired' ? prev : null;
    } catch (err) {
      const e = err as { type?: string; statusCode?: number; message?: string };
      this.logger.log(
        { orderId: prev.id, type: e.type, statusCode: e.statusCode, msg: e.message },
        'Open payment could not be reused',
      );
      return null;
    }
  }

  /**
   * The state of an order's Checkout Session as Stripe reports it: paid (for the order's amount), expired,
   * or still open. Every poll of the same session within a few seconds shares one read (and one in flight).
   */
  async outcome(order: Order): Promise<StripeOutcome> {
    const stripe = this.need();
    const reference = order.providerReference!;
    const session = await this.reads.get(reference, () => stripe.checkout.sessions.retrieve(reference));
    if (session.payment_status === 'paid' && sessionMatchesOrder(session, order))
      return { state: 'paid', paymentIntentId: paymentIntentId(session.payment_intent) };
    return { state: session.status === 'expired' ? 'expired' : 'pending' };
  }

  /** A session Stripe would not make: the order failed, and the buyer is told (502). */
  private async fail(order: Order): Promise<never> {
    await this.orders.update({ id: order.id, status: 'pending' }, { status: 'failed', updatedAt: new Date() });
    throw new AppError(HttpStatus.BAD_GATEWAY, 'PAYMENT_PROVIDER_ERROR', MSG.paymentError);
  }

  private need(): Stripe {
    if (!this.stripe) throw unavailable(MSG.paymentUnavailable, 'PAYMENT_UNAVAILABLE');
    return this.stripe;
  }
}
