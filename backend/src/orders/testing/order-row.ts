import type { DataSource } from 'typeorm';
import { attributionColumns } from '../../platform/dto/attribution.dto';
import { Order } from '../entities/order.entity';

let seq = 0;

/**
 * For specs: stores a Foundation order by card through Stripe, pending unless `patch` says
 * otherwise, with a fresh e-mail address and Stripe session id.
 */
export async function saveOrder(ds: DataSource, patch: Partial<Order> = {}): Promise<Order> {
  const now = new Date();
  const n = ++seq;
  const repo = ds.getRepository(Order);
  return repo.save(
    repo.create({
      userId: null,
      email: `kjoper-${n}@example.no`,
      firstName: 'Kari',
      lastName: 'Nordmann',
      courseId: 'foundation',
      amountOre: 199700,
      currency: 'NOK',
      paymentMethod: 'card',
      provider: 'stripe',
      status: 'pending',
      providerReference: `cs_test_${n}`,
      stripePaymentIntentId: null,
      refundedOre: 0,
      termsAcceptedAt: now,
      attribution: attributionColumns(null),
      createdAt: now,
      updatedAt: now,
      paidAt: null,
      anonymisedAt: null,
      buyerSignedInAt: null,
      ...patch,
    }),
  );
}
