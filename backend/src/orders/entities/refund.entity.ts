import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

@Entity('refunds')
export class Refund {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_refunds_order')
  @Column({ type: 'int' })
  orderId: number;

  @Column({ type: 'int' })
  amountOre: number;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @Index('uq_refunds_stripe', { unique: true })
  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeRefundId: string | null;

  @Column({ type: 'varchar', length: 24, default: 'succeeded' })
  status: string;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  /** The dashboard's refunds per week read refunds by time (EXPLAIN: every refund without it). */
  @Index('idx_refunds_created')
  @DateTimeColumn()
  createdAt: Date;
}
