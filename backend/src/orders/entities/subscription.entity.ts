import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { RenewalMethod, SubscriptionStatus } from '@academy/contracts';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * A membership (VIP) that renews by itself (docs/decisions.md "Memberships"): the buyer ticked
 * «Forny automatisk hvert år» at checkout. One row per subscription at the provider (a Stripe
 * subscription; a Vipps Recurring agreement), made with the order of its first period. Every paid
 * renewal is an order of its own (a receipt each, refunded through the one refund path); the access
 * period is the membership grants'.
 */
@Entity('subscriptions')
export class Subscription {
  @PrimaryGeneratedColumn()
  id: number;

  /** The member; null for a checkout not paid yet by a buyer without an account. */
  @Index('idx_subscriptions_user')
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** The membership (MEMBERSHIP_MONTHS): 'vip'. */
  @Column({ type: 'varchar', length: 32 })
  productId: string;

  @Column({ type: 'varchar', length: 8 })
  method: RenewalMethod;

  @Index('idx_subscriptions_status')
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: SubscriptionStatus;

  /** The order of the first period (its checkout made this row). */
  @Index('uq_subscriptions_order', { unique: true })
  @Column({ type: 'int' })
  orderId: number;

  /** Stripe's customer (cus_…), for the customer portal; null for Vipps. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerCustomerId: string | null;

  /** Stripe's subscription (sub_…) or the Vipps agreement id, once the provider told it. */
  @Index('uq_subscriptions_provider', { unique: true })
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerSubscriptionId: string | null;

  /** What each renewal charges (øre): the price the buyer agreed to. */
  @Column({ type: 'int' })
  priceOre: number;

  /** When the next renewal is charged (the end of the provider's billing period). */
  @DateTimeColumn({ nullable: true })
  currentPeriodEnd: Date | null;

  /** Vipps: the charge created for the coming renewal (its chargeId), until it is paid, fails or is cancelled. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  nextChargeId: string | null;

  /** «Si opp»: no more renewals; the paid period runs to its end. */
  @Column({ type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  /** Failed renewal charges in a row (0 after a paid one). */
  @Column({ type: 'int', default: 0 })
  failedAttempts: number;

  /** After a failed renewal: access is kept until then while the member fixes the card. */
  @DateTimeColumn({ nullable: true })
  graceEndsAt: Date | null;

  @DateTimeColumn({ nullable: true })
  endedAt: Date | null;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
