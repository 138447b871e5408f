import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { AttributionColumns } from '../../platform/database/attribution.embedded';
import { DateTimeColumn } from '../../platform/database/columns';

@Entity('leads')
// The lead list's order (newest first, the id as tie-breaker) with the address beside it: an e-mail
// search reads this index instead of the rows. At 200 000 leads a search took 244 ms for the page and
// 174 ms for the count with (createdAt) alone, 85 ms and 57 ms with it (ANALYZE, bench/scale-results.md).
@Index('idx_leads_created', ['createdAt', 'id', 'email'])
// The dashboard's year: the addresses and the variants of a period, read from this index alone
// (the funnel's semi-join on lead_addresses, the leads per hour and variant; bench/scale-results.md).
@Index('idx_leads_created_address', ['createdAt', 'addressId', 'attribution.trafficSource'])
// The lead list sorted by «Kilde»: the page read in this index's order instead of a sort of every lead
// (300 ms at 200 000 leads, bench/scale-results.md).
@Index('idx_leads_source', ['source', 'id'])
export class Lead {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_leads_email')
  @Column({ type: 'varchar', length: 254, collation: 'utf8mb4_bin' })
  email: string;

  @Column({ type: 'varchar', length: 32 })
  courseType: string;

  /** Page path or code the form was sent from. */
  @Column({ type: 'varchar', length: 200 })
  source: string;

  @Column(() => AttributionColumns, { prefix: false })
  attribution: AttributionColumns;

  @Index('idx_leads_user')
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** The address's row in lead_addresses; null until the statistics have taken the lead in. */
  @Index('idx_leads_address')
  @Column({ type: 'int', nullable: true })
  addressId: number | null;

  @Column({ type: 'boolean', default: false })
  contacted: boolean;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @DateTimeColumn({ nullable: true })
  unsubscribedAt: Date | null;

  @DateTimeColumn()
  createdAt: Date;
}
