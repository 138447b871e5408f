import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { AttributionColumns } from '../../platform/database/attribution.embedded';
import { DateTimeColumn } from '../../platform/database/columns';
import type { OrderStatus, PaymentMethod } from '@academy/contracts';

export type PaymentProvider = 'stripe' | 'vipps' | 'demo';

/**
 * Why a payment was refused when it landed (it is refunded at once and gives nothing): the buyer's
 * account already owned the course, the campaign code's last use went to another buyer first, or the
 * upgrade credit it was priced with no longer stands (the payment it came from was refunded).
 */
export type OrderRefusal = 'already_owned' | 'code_used_up' | 'upgrade_credit_gone';

@Entity('orders')
export class Order {
  @PrimaryGeneratedColumn()
  id: number;

  /** Null once the buyer deleted the account (the order is kept anonymised). */
  @Index('idx_orders_user')
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Index('idx_orders_email')
  @Column({ type: 'varchar', length: 254, collation: 'utf8mb4_bin' })
  email: string;

  @Column({ type: 'varchar', length: 100 })
  firstName: string;

  @Column({ type: 'varchar', length: 100 })
  lastName: string;

  @Column({ type: 'varchar', length: 32 })
  courseId: string;

  @Column({ type: 'int' })
  amountOre: number;

  @Column({ type: 'varchar', length: 3, default: 'NOK' })
  currency: string;

  @Column({ type: 'varchar', length: 16 })
  paymentMethod: PaymentMethod;

  @Column({ type: 'varchar', length: 16 })
  provider: PaymentProvider;

  @Index('idx_orders_status')
  @Column({ type: 'varchar', length: 24, default: 'pending' })
  status: OrderStatus;

  /**
   * The checkout's reference at its provider, which the success page's address carries: the Stripe
   * Checkout Session id (cs_…), the Vipps ePayment reference (vipps-…), or a demo payment's (demo_…).
   */
  @Index('uq_orders_provider_reference', { unique: true })
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerReference: string | null;

  @Index('idx_orders_payment_intent')
  @Column({ type: 'varchar', length: 255, nullable: true })
  stripePaymentIntentId: string | null;

  @Column({ type: 'int', default: 0 })
  refundedOre: number;

  /** Whether the buyer accepted immediate delivery and the lapse of the right of withdrawal. */
  @DateTimeColumn({ nullable: true })
  termsAcceptedAt: Date | null;

  /** When the buyer acknowledged the risk text (RISK_ACKNOWLEDGEMENT_TEXT), and which version of it; null for older orders. */
  @DateTimeColumn({ nullable: true })
  riskAcceptedAt: Date | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  riskTextVersion: string | null;

  @Column(() => AttributionColumns, { prefix: false })
  attribution: AttributionColumns;

  @Index('idx_orders_created')
  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;

  /** The dashboard's money per week reads orders by payment time (EXPLAIN: every order without it). */
  @Index('idx_orders_paid')
  @DateTimeColumn({ nullable: true })
  paidAt: Date | null;

  @DateTimeColumn({ nullable: true })
  anonymisedAt: Date | null;

  /** The campaign code the price was made with (upper case), or null. */
  @Index('idx_orders_campaign_code')
  @Column({ type: 'varchar', length: 40, nullable: true, collation: 'utf8mb4_bin' })
  campaignCode: string | null;

  /** What the campaign code took off the price of the moment (øre); amountOre is what was charged. */
  @Column({ type: 'int', default: 0 })
  discountOre: number;

  /**
   * An upgrade (UPGRADE_FROM): what the buyer had paid for the course it upgrades, net of refunds,
   * taken off the price before the campaign code (øre). 0 for every other order.
   */
  @Column({ type: 'int', default: 0 })
  upgradeCreditOre: number;

  /**
   * The paid order whose money the upgrade credit is (the buyer's order of the course upgraded from);
   * null without a credit. Its refund leaves alone what is tied up in a paid upgrade (RefundsService),
   * and a payment of this order checks it still stands (FulfilmentService).
   */
  @Index('idx_orders_upgrade_from')
  @Column({ type: 'int', nullable: true })
  upgradeFromOrderId: number | null;

  /**
   * When the checkout stops being payable (the Stripe Checkout Session's expires_at): the price it was
   * made with, launch price and campaign code included, is honoured until then. Null for demo orders.
   */
  @DateTimeColumn({ nullable: true })
  expiresAt: Date | null;

  /** Set when the payment landed but could not be accepted (no grant, no seat; refunded at once). */
  @Column({ type: 'varchar', length: 24, nullable: true })
  refusal: OrderRefusal | null;

  /**
   * Vipps: when the authorised amount was captured (in full, at fulfilment: the course is delivered at
   * once). Null for other providers and for a Vipps payment not captured yet.
   */
  @DateTimeColumn({ nullable: true })
  capturedAt: Date | null;

  /** When the success page signed a new passwordless buyer in: at most once per order. */
  @DateTimeColumn({ nullable: true })
  buyerSignedInAt: Date | null;

  /**
   * The session that opened the checkout (its SHA-256, as the sessions table keeps it; null for a
   * signed-out buyer). Fulfilment leaves this one session signed in when it ends the others of an
   * unclaimed account (FulfilmentService.afterCommit).
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  checkoutSessionHash: string | null;

  /**
   * Stripe's fee for the payment (øre), from the charge's balance transaction when the payment landed;
   * null for Vipps, demo payments and payments from before (docs/decisions.md "MVA").
   */
  @Column({ type: 'int', nullable: true })
  stripeFeeOre: number | null;
}
