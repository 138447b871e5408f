import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { OutboxMessage } from './outbox-message.entity';

/**
 * What a queued message says, kept apart from the queue: the rendered HTML and text are read only
 * when the message is sent or opened in the panel. With the bodies in the `outbox` rows, 100 000
 * sent mails made the queue's clustered index about 500 MB, and the panel's deep page, search and
 * kind filter read all of it (1.5–7 s, bench/scale-results.md).
 */
@Entity('outbox_bodies')
export class OutboxBody {
  /** The message's id (one body per message; removed with it). */
  @PrimaryColumn({ type: 'int' })
  messageId: number;

  @OneToOne('OutboxMessage', (m: OutboxMessage) => m.body, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'messageId' })
  message?: OutboxMessage;

  @Column({ type: 'text' })
  html: string;

  @Column({ type: 'text' })
  textBody: string;
}
