import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BROADCAST_STATUSES, MSG, type AdminBroadcast } from '@academy/contracts';
import { OutboxService } from '../outbox/outbox.service';
import { notFound } from '../platform/errors/app-error';
import { filter, listParamsFor, runList, type ListResult, type ListSpec } from '../platform/list/list-query';
import { BroadcastRecipient } from './entities/broadcast-recipient.entity';
import { Broadcast } from './entities/broadcast.entity';

export const BROADCASTS_LIST: ListSpec<Broadcast> = {
  sort: { id: 'b.id', createdAt: 'b.createdAt', sendAt: 'b.sendAt', status: 'b.status', subject: 'b.subject' },
  defaultSort: ['id', 'DESC'],
  filters: {
    id: filter.ids('b.id'),
    status: filter.oneOf('b.status', BROADCAST_STATUSES),
    q: filter.search(['b.subject']),
  },
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Broadcasts as the panel lists and shows them, each with its progress: the recipients counted when
 * saved, then what the outbox sent, failed or still holds once the recipient list is frozen.
 */
@Injectable()
export class BroadcastProgressService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  private get repo() {
    return this.ds.getRepository(Broadcast);
  }

  /** The broadcast, or 404. */
  async load(id: number): Promise<Broadcast> {
    const b = await this.repo.findOneBy({ id });
    if (!b) throw notFound(MSG.broadcastNotFound);
    return b;
  }

  async list(query: Record<string, unknown>): Promise<ListResult<AdminBroadcast>> {
    const params = listParamsFor(query, BROADCASTS_LIST);
    const res = await runList(this.repo.createQueryBuilder('b'), params, BROADCASTS_LIST);
    const rows: AdminBroadcast[] = [];
    for (const b of res.rows) rows.push(await this.view(b));
    return { ...res, rows };
  }

  async get(id: number): Promise<AdminBroadcast> {
    return this.view(await this.load(id));
  }

  private async view(b: Broadcast): Promise<AdminBroadcast> {
    const recipients = b.recipientCount;
    let sent = 0;
    let failed = 0;
    let pending = 0;
    // Before the list is frozen: the segment's size as last counted (saved with the draft and again
    // at "send"), not counted anew on every GET; POST /count gives the size this moment.
    if (b.status === 'draft' || b.status === 'scheduled' || (b.status === 'sending' && !b.listReady)) {
      pending = b.status === 'draft' ? 0 : recipients;
    }
    if (b.listReady) {
      const counts = await this.outbox.statusCounts(`bc:${b.id}:`);
      const rows = await this.ds
        .getRepository(BroadcastRecipient)
        .createQueryBuilder('r')
        .select('r.status', 'status')
        .addSelect('COUNT(*)', 'n')
        .where('r.broadcastId = :id', { id: b.id })
        .groupBy('r.status')
        .getRawMany<{ status: string; n: string | number }>();
      const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      sent = (counts.sent ?? 0) + (counts.logged ?? 0);
      failed = (counts.failed ?? 0) + (byStatus.skipped ?? 0);
      pending = (counts.pending ?? 0) + (counts.sending ?? 0) + (byStatus.pending ?? 0);
    }
    return {
      id: b.id,
      subject: b.subject,
      body: b.body,
      segment: b.segment,
      utm: b.utm,
      status: b.status,
      sendAt: iso(b.sendAt),
      startedAt: iso(b.startedAt),
      finishedAt: iso(b.finishedAt),
      recipients,
      sent,
      failed,
      pending,
      createdAt: b.createdAt.toISOString(),
      updatedAt: b.updatedAt.toISOString(),
    };
  }
}
