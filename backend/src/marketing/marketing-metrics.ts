import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { MetricGauges, type GaugeReading } from '../platform/metrics';
import { BroadcastRecipient } from './entities/broadcast-recipient.entity';
import { Broadcast } from './entities/broadcast.entity';

/**
 * How far the broadcasts that are going out have come, for the metrics: recipients still to be put in
 * the outbox, put in it, and skipped (the address left the list meanwhile). Read from marketing's own
 * tables, on the (broadcastId, status) index.
 */
@Injectable()
export class MarketingMetrics {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async sendProgress(): Promise<{ sending: number; recipients: Record<'pending' | 'queued' | 'skipped', number> }> {
    const sending = await this.ds.getRepository(Broadcast).find({ select: { id: true }, where: { status: 'sending' } });
    const recipients = { pending: 0, queued: 0, skipped: 0 };
    if (sending.length) {
      const rows = await this.ds
        .getRepository(BroadcastRecipient)
        .createQueryBuilder('r')
        .select('r.status', 'status')
        .addSelect('COUNT(*)', 'n')
        .where({ broadcastId: In(sending.map((b) => b.id)) })
        .groupBy('r.status')
        .getRawMany<{ status: string; n: string | number }>();
      for (const r of rows) if (r.status in recipients) recipients[r.status as keyof typeof recipients] = Number(r.n);
    }
    return { sending: sending.length, recipients };
  }

  @MetricGauges({
    academy_marketing_broadcasts_sending: { help: 'Utsendelser som er i gang' },
    academy_marketing_broadcast_recipients: {
      help: 'Recipients of broadcasts under way, by state (pending: not yet queued in the outbox)',
      labelNames: ['state'],
    },
  })
  async metrics(): Promise<Record<string, GaugeReading>> {
    const p = await this.sendProgress();
    return {
      academy_marketing_broadcasts_sending: p.sending,
      academy_marketing_broadcast_recipients: Object.entries(p.recipients).map(([state, value]) => ({
        labels: { state },
        value,
      })),
    };
  }
}
