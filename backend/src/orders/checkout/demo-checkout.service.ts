import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { Repository } from 'typeorm';
import type { CheckoutSessionResponse } from '@academy/contracts';
import type { SessionClient, StartedSession, WithSession } from '../../identity/auth.types';
import type { User } from '../../identity/entities/user.entity';
import { SessionsService } from '../../identity/sessions.service';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { Order } from '../entities/order.entity';
import { FulfilmentService, type FulfilmentResult } from '../fulfilment.service';
import { STRIPE_CLIENT } from '../stripe/stripe.provider';

/**
 * The reference of a demo payment, in the column a provider's reference uses: the confirmation page
 * (`/betaling/fullfort?session_id=…`) reads a demo order the way it reads a paid one. Unguessable,
 * since the page shows the buyer's e-mail address.
 */
function demoReference(): string {
  return `demo_${randomBytes(24).toString('hex')}`;
}

/**
 * Demo payments, when Stripe is not configured (never in production): the order is paid at once, the
 * course granted, and the buyer signed in when the account is new or already theirs.
 */
@Injectable()
export class DemoCheckoutService {
  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    private readonly fulfilment: FulfilmentService,
    private readonly sessions: SessionsService,
  ) {}

  /** Demo payments are taken: no Stripe key, and not production. */
  get enabled(): boolean {
    return !this.stripe && this.cfg.nodeEnv !== 'production';
  }

  /**
   * Pays a pending demo order. Someone else's existing account is never signed in by typing its
   * address.
   */
  async pay(order: Order, current: User | null, client: SessionClient): Promise<WithSession<CheckoutSessionResponse>> {
    let result: FulfilmentResult;
    try {
      result = await this.fulfilment.fulfil(order, null);
    } catch (err) {
      // Refused before anything was paid (the campaign code's last use went to another buyer): not payable.
      await this.orders.update({ id: order.id, status: 'pending' }, { status: 'failed', updatedAt: new Date() });
      throw err;
    }
    const mine = current !== null && current.id === result.user.id;
    let session: StartedSession | null = null;
    const reference = demoReference();
    await this.orders.update({ id: order.id }, { providerReference: reference, updatedAt: new Date() });
    if (!mine && result.accountNew && !result.user.passwordHash && result.user.claimedAt === null) {
      session = await this.sessions.start(result.user, client);
      await this.orders.update({ id: order.id }, { buyerSignedInAt: new Date() });
    }
    // The same confirmation page as a paid purchase (docs/decisions.md "Demo checkout").
    return { result: { url: `/betaling/fullfort?session_id=${reference}`, demo: true, reference }, session };
  }
}
