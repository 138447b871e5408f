import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BROADCAST_STATUSES, MSG, type AdminBroadcast } from '@academy/contracts';
import type { OutboxMessage } from '../outbox/entities/outbox-message.entity';
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

/** A frozen broadcast's messages in the outbox by status, and its recipients not queued by status. */
interface ProgressCounts {
  outbox: Partial<Record<OutboxMessage['status'], number>>;
  recipients: Record<string, number>;
}

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
    const counts = await this.countsOf(res.rows);
    return { ...res, rows: res.rows.map((b) => this.view(b, counts.get(b.id))) };
  }

  async get(id: number): Promise<AdminBroadcast> {
    const b = await this.load(id);
    return this.view(b, (await this.countsOf([b])).get(b.id));
  }

  /**
   * The progress of each broadcast whose list is frozen: what the outbox holds of it by status, and
   * its recipients not (yet) queued. Two statements for a whole page of broadcasts (one count per
   * broadcast and table made a page of 25 wait for 50 statements in turn).
   */
  private async countsOf(broadcasts: Broadcast[]): Promise<Map<number, ProgressCounts>> {
    const ids = broadcasts.filter((b) => b.listReady).map((b) => b.id);
    const out = new Map<number, ProgressCounts>(ids.map((id) => [id, { outbox: {}, recipients: {} }]));
    if (!ids.length) return out;
    const [outbox, recipients] = await Promise.all([
      this.outbox.statusCountsByPrefix(ids.map((id) => `bc:${id}:`)),
      this.ds
        .getRepository(BroadcastRecipient)
        .createQueryBuilder('r')
        .select('r.broadcastId', 'broadcastId')
        .addSelect('r.status', 'status')
        .addSelect('COUNT(*)', 'n')
        .where('r.broadcastId IN (:...ids)', { ids })
        // The queued ones are counted in the outbox, by what became of them.
        .andWhere("r.status IN ('pending', 'skipped')")
        .groupBy('r.broadcastId')
        .addGroupBy('r.status')
        .getRawMany<{ broadcastId: number | string; status: string; n: string | number }>(),
    ]);
    ids.forEach((id, i) => (out.get(id)!.outbox = outbox[i]));
    for (const r of recipients) out.get(Number(r.broadcastId))!.recipients[r.status] = Number(r.n);
    return out;
  }

  private view(b: Broadcast, counts: ProgressCounts | undefined): AdminBroadcast {
    const recipients = b.recipientCount;
    let sent = 0;
    let failed = 0;
    let pending = 0;
    // Before the list is frozen: the segment's size as last counted (saved with the draft and again
    // at "send"), not counted anew on every GET; POST /count gives the size this moment.
    if (b.status === 'draft' || b.status === 'scheduled' || (b.status === 'sending' && !b.listReady)) {
      pending = b.status === 'draft' ? 0 : recipients;
    }
    if (b.listReady && counts) {
      const { outbox, recipients: byStatus } = counts;
      sent = (outbox.sent ?? 0) + (outbox.logged ?? 0);
      failed = (outbox.failed ?? 0) + (byStatus.skipped ?? 0);
      pending = (outbox.pending ?? 0) + (outbox.sending ?? 0) + (byStatus.pending ?? 0);
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
