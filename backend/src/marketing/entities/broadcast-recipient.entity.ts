import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

export type RecipientStatus = 'pending' | 'queued' | 'skipped';

/** One address of a broadcast: unique per (broadcast, address), so nobody gets one broadcast twice. */
@Entity('marketing_broadcast_recipients')
@Index('uq_marketing_recipient', ['broadcastId', 'email'], { unique: true })
@Index('idx_marketing_recipient_status', ['broadcastId', 'status'])
export class BroadcastRecipient {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  broadcastId: number;

  @Column({ type: 'varchar', length: 254, collation: 'utf8mb4_bin' })
  email: string;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** pending: not yet in the outbox; queued: in the outbox (outboxId); skipped: unsubscribed before its turn. */
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: RecipientStatus;

  @Column({ type: 'int', nullable: true })
  outboxId: number | null;

  @DateTimeColumn()
  createdAt: Date;
}
