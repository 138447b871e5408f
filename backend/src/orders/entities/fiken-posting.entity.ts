import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

export type FikenPostingKind = 'sale' | 'credit_note' | 'purchase';
export type FikenPostingState = 'waiting' | 'posted' | 'failed';

/**
 * A receipt or credit note to be posted to Fiken as a cash sale, or a partner payout as a purchase: queued in the transaction that
 * issues the document (only when Fiken is set up), posted by the bookkeeping worker, which takes a
 * row with a lease (`leaseOwner` until `leaseUntil`) so two instances never post the same document.
 */
@Entity('fiken_postings')
@Index('idx_fiken_postings_due', ['state', 'nextAttemptAt'])
export class FikenPosting {
  @PrimaryGeneratedColumn()
  id: number;

  /** The receipt or credit note (receipts.id); one posting each. Null for a payout. */
  @Index('uq_fiken_postings_receipt', { unique: true })
  @Column({ type: 'int', nullable: true })
  receiptId: number | null;

  /** The partner payout (partner_payouts.id), posted as a purchase; one posting each. Null for a receipt. */
  @Index('uq_fiken_postings_payout', { unique: true })
  @Column({ type: 'int', nullable: true })
  payoutId: number | null;

  @Column({ type: 'varchar', length: 16 })
  kind: FikenPostingKind;

  @Column({ type: 'varchar', length: 16, default: 'waiting' })
  state: FikenPostingState;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @DateTimeColumn()
  nextAttemptAt: Date;

  /** Fiken's answer to the last failed attempt (its reason, shortened). */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  lastError: string | null;

  /** The sale's (for a payout: the purchase's) id in Fiken once it exists there. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  fikenSaleId: string | null;

  @DateTimeColumn({ nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  leaseOwner: string | null;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
