import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { SubscriberStatus } from '@academy/contracts';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * One address on the marketing list, with its consent as recorded (markedsføringsloven § 15):
 * `pending` until the mailed link is used, `subscribed` after; `customer` for a buyer's soft opt-in;
 * `unsubscribed`, `bounced` and `complained` never get marketing again (until a new confirmed consent).
 */
@Entity('marketing_subscribers')
export class Subscriber {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('uq_marketing_subscribers_email', { unique: true })
  @Column({ type: 'varchar', length: 254, collation: 'utf8mb4_bin' })
  email: string;

  @Column({ type: 'varchar', length: 16 })
  status: SubscriberStatus;

  /** The status before the last unsubscribe (for the undo on the unsubscribe page). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  previousStatus: SubscriberStatus | null;

  @Index('idx_marketing_subscribers_user')
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** Came through a lead form (not only a sign-up or a purchase). */
  @Column({ type: 'boolean', default: false })
  isLead: boolean;

  /** The variants the address came through, as `,A,starter,`. */
  @Column({ type: 'varchar', length: 100, default: '' })
  variants: string;

  @Column({ type: 'text', nullable: true })
  consentText: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  consentVersion: string | null;

  @DateTimeColumn({ nullable: true })
  consentAt: Date | null;

  /** The page the consent was given on. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  consentSource: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  consentIp: string | null;

  @DateTimeColumn({ nullable: true })
  confirmedAt: Date | null;

  @DateTimeColumn({ nullable: true })
  unsubscribedAt: Date | null;

  /** The last confirmation mail (a repeated tick mails again at most hourly). */
  @DateTimeColumn({ nullable: true })
  confirmSentAt: Date | null;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
