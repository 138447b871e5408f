import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * One order's commission. Stored status is `pending`, `void` or `paid`; a pending one whose
 * `approvesAt` has passed is approved (decided on read against the clock, so it is exact and the same
 * on every instance, with no task to run).
 */
@Entity('partner_commissions')
@Index('idx_partner_commissions_partner', ['partnerId', 'status'])
export class PartnerCommission {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  partnerId: number;

  /** One commission per order. */
  @Index('uq_partner_commissions_order', { unique: true })
  @Column({ type: 'int' })
  orderId: number;

  @Column({ type: 'varchar', length: 32 })
  courseId: string;

  /** The code the order was paid with; null for a renewal earned through «også fornyelser». */
  @Column({ type: 'varchar', length: 40, nullable: true, collation: 'utf8mb4_bin' })
  code: string | null;

  @Column({ type: 'varchar', length: 8 })
  kind: 'sale' | 'renewal';

  /** What the buyer paid (øre). */
  @Column({ type: 'int' })
  baseOre: number;

  /** The commission when earned (øre). */
  @Column({ type: 'int' })
  earnedOre: number;

  /** The commission now (øre): reduced in proportion by partial refunds within the guarantee. */
  @Column({ type: 'int' })
  amountOre: number;

  @Column({ type: 'varchar', length: 8, default: 'pending' })
  status: 'pending' | 'void' | 'paid';

  /** The end of the buyer's guarantee (paid + GUARANTEE_DAYS). */
  @DateTimeColumn()
  approvesAt: Date;

  @Index('idx_partner_commissions_payout')
  @Column({ type: 'int', nullable: true })
  payoutId: number | null;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
