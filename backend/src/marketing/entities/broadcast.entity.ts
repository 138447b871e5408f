import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { BroadcastStatus, Segment } from '@academy/contracts';
import { DateTimeColumn, JsonColumn } from '../../platform/database/columns';

/** A one-off marketing mail to a segment ('Utsendelser'). */
@Entity('marketing_broadcasts')
@Index('idx_marketing_broadcasts_due', ['status', 'sendAt'])
export class Broadcast {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  /** Markdown (HTML in it is shown as text). */
  @Column({ type: 'text' })
  body: string;

  @JsonColumn()
  segment: Segment;

  /** Add utm_source/medium/campaign to the links. */
  @Column({ type: 'boolean', default: true })
  utm: boolean;

  @Column({ type: 'varchar', length: 16 })
  status: BroadcastStatus;

  @DateTimeColumn({ nullable: true })
  sendAt: Date | null;

  /** The recipient list is complete (frozen at the start; made again after a crash, duplicates ignored). */
  @Column({ type: 'boolean', default: false })
  listReady: boolean;

  @Column({ type: 'int', default: 0 })
  recipientCount: number;

  /** When the last batch was queued: the next one waits a minute (MARKETING_SEND_RATE per minute). */
  @DateTimeColumn({ nullable: true })
  lastBatchAt: Date | null;

  @DateTimeColumn({ nullable: true })
  startedAt: Date | null;

  @DateTimeColumn({ nullable: true })
  finishedAt: Date | null;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
