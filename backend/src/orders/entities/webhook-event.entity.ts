import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/** A Stripe event id, written in the same transaction as its effects: each event counts once. */
@Entity('webhook_events')
export class WebhookEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @DateTimeColumn()
  processedAt: Date;
}
