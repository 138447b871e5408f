import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';
import type { ReceiptKind, ReceiptLine } from '@academy/contracts';

/**
 * A sales document (bokføringsforskriften § 5-1-1): the receipt of a paid order or the credit note of
 * a refund. Receipts and credit notes share one unbroken number sequence (`number`, from
 * receipt_sequence in the same transaction as the payment or refund). Written once and never
 * changed: the seller's details and the amounts are copied in when the document is issued.
 * Amounts are positive øre; a credit note takes the amounts back.
 */
@Entity('receipts')
export class Receipt {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('uq_receipts_number', { unique: true })
  @Column({ type: 'int' })
  number: number;

  @Column({ type: 'varchar', length: 16 })
  kind: ReceiptKind;

  /** `receipt:<orderId>` or `credit:<refundId>`: one document per paid order and per refund. */
  @Index('uq_receipts_document_key', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  documentKey: string;

  @Index('idx_receipts_order')
  @Column({ type: 'int' })
  orderId: number;

  /** The refund a credit note is for (null on receipts). */
  @Column({ type: 'int', nullable: true })
  refundId: number | null;

  /** A credit note: the number of the receipt it corrects (null on receipts). */
  @Column({ type: 'int', nullable: true })
  refersToNumber: number | null;

  /** The accountant's report reads a period by it. */
  @Index('idx_receipts_issued')
  @DateTimeColumn()
  issuedAt: Date;

  @Column({ type: 'varchar', length: 500 })
  description: string;

  /**
   * A membership that renews by itself: its terms (price, interval, next date, how to cancel) as they
   * stood when the receipt was issued, shown on the receipt, its PDF and its mail; null otherwise.
   */
  @Column({ type: 'text', nullable: true })
  renewalTerms: string | null;

  /** Amount excluding MVA, øre. */
  @Column({ type: 'int' })
  amountExclVatOre: number;

  @Column({ type: 'int' })
  vatOre: number;

  /** MVA rate in percent: 25 when a line has MVA, else 0. */
  @Column({ type: 'int' })
  vatRatePercent: number;

  /**
   * The lines the document was issued with, one per MVA treatment (docs/decisions.md "MVA"); they add
   * up to the total to the øre, and the amount and MVA above are their sums. Null only on a row
   * written before the lines existed (the migration gave every older document its line).
   */
  @Column({ type: 'simple-json', nullable: true })
  vatLines: ReceiptLine[] | null;

  /** Total including MVA, øre (what was paid, or refunded). */
  @Column({ type: 'int' })
  totalOre: number;

  @Column({ type: 'varchar', length: 3, default: 'NOK' })
  currency: string;

  @Column({ type: 'varchar', length: 200 })
  sellerName: string;

  /** Nine digits. */
  @Column({ type: 'varchar', length: 9 })
  sellerOrgNr: string;

  @Column({ type: 'varchar', length: 300 })
  sellerAddress: string;

  /** Whether the seller was registered for MVA when the document was issued (SELLER_VAT_REGISTERED). */
  @Column({ type: 'boolean', default: true })
  sellerVatRegistered: boolean;
}

/** The last number handed out; one row (id 1), updated inside the transaction that issues a document. */
@Entity('receipt_sequence')
export class ReceiptSequence {
  @Column({ type: 'int', primary: true })
  id: number;

  @Column({ type: 'int' })
  lastNumber: number;
}
