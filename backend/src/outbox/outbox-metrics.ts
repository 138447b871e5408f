import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { MetricGauges, type GaugeReading } from '../platform/metrics';
import { Clock } from '../platform/time/clock';
import { OutboxMessage } from './entities/outbox-message.entity';

/** How the queue stands, for the metrics: what waits, how long the oldest has waited, what was given up. */
export interface OutboxQueueStats {
  /** Messages not yet delivered: pending (due now or waiting for a retry) and being sent. */
  depth: number;
  /** Seconds since the oldest undelivered message was queued (0 when none waits). */
  oldestPendingAgeSeconds: number;
  /** Messages given up after MAIL_MAX_ATTEMPTS or refused for good (they stay in the table). */
  failed: number;
}

/** The outbox's own reading of its queue (its table is read here, nowhere else). */
@Injectable()
export class OutboxMetrics {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Two small queries on the (status, nextAttemptAt) index: counts by status, the oldest undelivered row. */
  async queueStats(): Promise<OutboxQueueStats> {
    const repo = this.ds.getRepository(OutboxMessage);
    const counts = await repo
      .createQueryBuilder('m')
      .select('m.status', 'status')
      .addSelect('COUNT(*)', 'n')
      .where({ status: In(['pending', 'sending', 'failed']) })
      .groupBy('m.status')
      .getRawMany<{ status: string; n: string | number }>();
    const n = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    const oldest = await repo.findOne({
      loadEagerRelations: false,
      select: { id: true, createdAt: true },
      where: { status: In(['pending', 'sending']) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const at = oldest?.createdAt ?? null;
    return {
      depth: n('pending') + n('sending'),
      oldestPendingAgeSeconds: at ? Math.max(0, (this.clock.now().getTime() - at.getTime()) / 1000) : 0,
      failed: n('failed'),
    };
  }

  @MetricGauges({
    academy_outbox_depth: { help: 'Mails in the outbox not yet delivered (waiting or being sent)' },
    academy_outbox_oldest_pending_age_seconds: { help: 'Seconds since the oldest undelivered mail was queued in the outbox' },
    academy_outbox_failed_messages: { help: 'Mails given up on (too many attempts or refused for good)' },
  })
  async metrics(): Promise<Record<string, GaugeReading>> {
    const s = await this.queueStats();
    return {
      academy_outbox_depth: s.depth,
      academy_outbox_oldest_pending_age_seconds: s.oldestPendingAgeSeconds,
      academy_outbox_failed_messages: s.failed,
    };
  }
}
