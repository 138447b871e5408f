import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentReviewReason } from '@academy/contracts';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * A renewal payment the shop could not match (docs/decisions.md "Automatic renewal"): a Stripe
 * invoice of a subscription the shop never made, a Vipps charge it never created, or an amount or
 * currency other than the agreed price. Nothing is renewed for it; it waits in the mentor's work
 * queue until the mentor has refunded it at the provider or granted the period by hand.
 */
@Entity('payment_reviews')
@Index('uq_payment_reviews_reference', ['provider', 'reference'], { unique: true })
export class PaymentReview {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 16 })
  provider: 'stripe' | 'vipps';

  /** The provider's id of the payment: Stripe's invoice (in_…), Vipps' charge. */
  @Column({ type: 'varchar', length: 255 })
  reference: string;

  @Column({ type: 'varchar', length: 32 })
  reason: PaymentReviewReason;

  /** The subscription at the provider the payment named (sub_…, the Vipps agreement). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerSubscriptionId: string | null;

  /** Our subscription, when the payment named one of ours. */
  @Column({ type: 'int', nullable: true })
  subscriptionId: number | null;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** What came in (øre); null when the provider did not say. */
  @Column({ type: 'int', nullable: true })
  amountOre: number | null;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** The agreed price (øre) and its currency, when the subscription is ours. */
  @Column({ type: 'int', nullable: true })
  expectedOre: number | null;

  @Column({ type: 'varchar', length: 3, nullable: true })
  expectedCurrency: string | null;

  @Index('idx_payment_reviews_open')
  @DateTimeColumn({ nullable: true })
  resolvedAt: Date | null;

  @Column({ type: 'int', nullable: true })
  resolvedBy: number | null;

  @DateTimeColumn()
  createdAt: Date;
}
