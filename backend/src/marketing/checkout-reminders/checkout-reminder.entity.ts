import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { CheckoutReminderBasis } from '@academy/contracts';
import { DateTimeColumn } from '../../platform/database/columns';

/** Why a checkout's reminders stopped: paid, the address unsubscribed, or the checkout was cancelled (failed). */
export type ReminderStop = 'paid' | 'unsubscribed' | 'cancelled';

/**
 * A started checkout's reminders (docs/decisions.md "Checkout reminders"): one plan per address and
 * product while it is open; a new checkout of the same reopens the same plan (the latest order, the
 * box as ticked last). Reminder n is due CHECKOUT_REMINDER_DELAYS_MS[n-1] after the last checkout.
 */
@Entity('checkout_reminder_plans')
@Index('idx_checkout_reminder_plans_open', ['stoppedAt', 'lastCheckoutAt'])
@Index('idx_checkout_reminder_plans_address', ['email', 'courseId'])
export class CheckoutReminderPlan {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 254, collation: 'utf8mb4_bin' })
  email: string;

  @Column({ type: 'varchar', length: 32 })
  courseId: string;

  /** The latest order of the checkout (the link fills the form in from it). */
  @Column({ type: 'int' })
  orderId: number;

  /** The box «Send meg en påminnelse hvis jeg ikke fullfører» was ticked (last at this time); null: not ticked. */
  @DateTimeColumn({ nullable: true })
  consentAt: Date | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  consentText: string | null;

  @Index('idx_checkout_reminder_plans_started')
  @DateTimeColumn()
  startedAt: Date;

  @DateTimeColumn()
  lastCheckoutAt: Date;

  @DateTimeColumn({ nullable: true })
  stoppedAt: Date | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  stopReason: ReminderStop | null;

  /** Paid after a reminder: the order and its amount (øre). */
  @Column({ type: 'int', nullable: true })
  recoveredOrderId: number | null;

  @Column({ type: 'int', nullable: true })
  recoveredOre: number | null;
}

/**
 * One reminder sent, with the basis it was sent on. Unique per (plan, number): two instances that
 * both find it due insert one row, and only the one that inserted queues the mail.
 */
@Entity('checkout_reminders')
@Index('uq_checkout_reminders_plan_number', ['planId', 'number'], { unique: true })
export class CheckoutReminder {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  planId: number;

  /** 1 (after an hour) or 2 (after a day). */
  @Column({ type: 'int' })
  number: number;

  @Column({ type: 'varchar', length: 16 })
  basis: CheckoutReminderBasis;

  /** The basis in words: the consent's time and text, or the earlier paid order. */
  @Column({ type: 'varchar', length: 300 })
  basisDetail: string;

  @DateTimeColumn()
  sentAt: Date;
}
