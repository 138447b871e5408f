import { Column, Entity, Index, OneToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';
import { OutboxBody } from './outbox-body.entity';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'logged';

/** Every e-mail goes through here first; an in-process worker sends it. */
@Entity('outbox')
@Index('idx_outbox_due', ['status', 'nextAttemptAt'])
// A student's export and erasure find their mail by address (6 s without it at 100 000 mails).
@Index('idx_outbox_to', ['toAddress'])
// A broadcast's progress: its mails by status under its key prefix, from this index alone.
@Index('idx_outbox_dedupe_status', ['dedupeKey', 'status'])
export class OutboxMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  kind: string;

  @Column({ type: 'varchar', length: 254, collation: 'utf8mb4_bin' })
  toAddress: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  /**
   * The rendered HTML and text, in their own table (`outbox_bodies`). Loaded with `find*`; the
   * queue's own queries (the worker's claim, the panel's list, export and erasure) leave it out.
   */
  @OneToOne(() => OutboxBody, (b) => b.message, { eager: true })
  body?: OutboxBody;

  /** The HTML of a message loaded with its body (empty when the body was not loaded). */
  get html(): string {
    return this.body?.html ?? '';
  }

  /** The plain text of a message loaded with its body (empty when the body was not loaded). */
  get textBody(): string {
    return this.body?.textBody ?? '';
  }

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: OutboxStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @DateTimeColumn()
  nextAttemptAt: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  lockedBy: string | null;

  @DateTimeColumn({ nullable: true })
  lockedUntil: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @DateTimeColumn({ nullable: true })
  sentAt: Date | null;

  @Index('idx_outbox_user')
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** One message per key (e.g. `receipt:42`), so a repeated event never mails twice. */
  @Index('uq_outbox_dedupe', { unique: true })
  @Column({ type: 'varchar', length: 100, nullable: true })
  dedupeKey: string | null;

  @DateTimeColumn()
  createdAt: Date;
}
