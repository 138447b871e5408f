import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * One row per address with leads: what the dashboard's funnel counts of a person, kept beside the
 * leads so the funnel of a year is a join on integers instead of five lookups per address (366 days
 * at 200 000 leads: 1.3–2.0 s before, bench/scale-results.md). Derived, never the source of a fact:
 * the leads, the account and the orders stay where they are, and LeadStatisticsService keeps these
 * rows in step with them (new leads when the statistics are read; an account or a purchase in the
 * transaction that makes it).
 */
@Entity('lead_addresses')
// The funnel's rows with a lead in a period, read from this index alone: a period ending now is the
// range lastLeadAt >= start (366 days at 200 000 leads: 0.46–0.99 s as a semi-join on the leads
// before, docs/performance.md "Mentor requests at scale (issue 47)").
@Index('idx_lead_addresses_lead_span', [
  'lastLeadAt',
  'firstLeadAt',
  'mergedIntoId',
  'firstVariant',
  'accountVariant',
  'userId',
  'bought',
])
export class LeadAddress {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('uq_lead_addresses_email', { unique: true })
  @Column({ type: 'varchar', length: 254, collation: 'utf8mb4_bin' })
  email: string;

  /** The variant of the address's earliest lead that has one (its first touch, docs/decisions.md "Attribution"). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  firstVariant: string | null;

  /** The account of the address (or the account a lead of it was linked to), when there is one. */
  @Index('idx_lead_addresses_user')
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** The variant of that account (taken from the first touch when it was made); wins over firstVariant. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  accountVariant: string | null;

  /** The address or its account has a paid order (refunded or not: it bought). */
  @Column({ type: 'boolean', default: false })
  bought: boolean;

  /**
   * The row this address is counted under: set when the account moved to this address from that one
   * (or from this one to it) by an e-mail change, so one person stays one row of the funnel
   * (docs/decisions.md "Attribution"). Null for the row that counts.
   */
  @Index('idx_lead_addresses_merged')
  @Column({ type: 'int', nullable: true })
  mergedIntoId: number | null;

  /**
   * The earliest and the latest lead of this address taken in so far (LeadStatisticsService.catchUp),
   * null while it has none (a buyer without a lead). A row with a lead in [start, end] has
   * lastLeadAt >= start and firstLeadAt <= end; only one whose leads lie both before and after the
   * period needs its leads looked up. Set where leads are taken in, and again where they go.
   */
  @DateTimeColumn({ nullable: true })
  firstLeadAt: Date | null;

  @DateTimeColumn({ nullable: true })
  lastLeadAt: Date | null;
}
