import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { Order } from '../entities/order.entity';
import { STRIPE_CLIENT } from './stripe.provider';

/**
 * Stripe's fee per payment (docs/decisions.md "MVA"): read from the charge's balance transaction when
 * the payment lands and stored on the order, so the accountant's report can match Stripe's payouts to
 * receipts. Best effort after the payment's transaction: a fee Stripe has not settled yet, or a failed
 * call, leaves it unknown (logged), never the payment.
 */
@Injectable()
export class StripeFeesService {
  private readonly logger = new Logger('StripeFees');

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  async record(orderId: number, paymentIntentId: string | null): Promise<void> {
    if (!this.stripe || !paymentIntentId) return;
    try {
      const pi = await this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] });
      const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
      const bt =
        charge?.balance_transaction && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
      if (!bt || bt.currency !== 'nok' || !Number.isSafeInteger(bt.fee)) {
        this.logger.warn({ orderId, paymentIntentId }, 'Stripe fee not known yet (no NOK balance transaction on the charge)');
        return;
      }
      await this.ds.getRepository(Order).update({ id: orderId }, { stripeFeeOre: bt.fee });
    } catch (e) {
      this.logger.warn({ orderId, paymentIntentId, err: (e as Error).message }, 'Could not read the Stripe fee');
    }
  }
}
