import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, LessThanOrEqual, Or } from 'typeorm';
import { OutboxService } from '../outbox/outbox.service';
import { UnsubscribeService } from '../outbox/unsubscribe.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { normalizeEmail } from '../platform/crypto/tokens';
import { isMysql } from '../platform/database/dialect';
import { Clock } from '../platform/time/clock';
import { broadcastMail } from './broadcast-mail';
import { BroadcastRecipient } from './entities/broadcast-recipient.entity';
import { Broadcast } from './entities/broadcast.entity';
import { SegmentsService } from './segments.service';
import { SubscribersService } from './subscribers.service';

export const BATCH_INTERVAL_MS = 60_000;
/** Recipients marked and queued in one transaction. */
const QUEUE_CHUNK = 50;

/**
 * Broadcasts ('Utsendelser') as they go out: a due broadcast starts, its recipient list is frozen
 * (unique per broadcast and address), then MARKETING_SEND_RATE of them go to the outbox per minute.
 * Each step is a conditional update, so any number of instances can run it, and a restart simply
 * continues: a recipient goes to the outbox once, in the same transaction as its mark. The marketing
 * runner calls `runDue` on every instance; the panel's side is AdminBroadcastsService.
 */
@Injectable()
export class BroadcastEngineService {
  private readonly logger = new Logger('Marketing');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly unsubscribe: UnsubscribeService,
    private readonly segments: SegmentsService,
    private readonly subscribers: SubscribersService,
  ) {}

  private get repo() {
    return this.ds.getRepository(Broadcast);
  }

  /** One round of the sender (any instance, any time): starts due broadcasts and queues their next batch. */
  async runDue(): Promise<number> {
    const now = this.clock.now();
    const due = await this.repo.find({ select: { id: true }, where: { status: 'scheduled', sendAt: LessThanOrEqual(now) } });
    for (const { id } of due)
      await this.repo.update({ id, status: 'scheduled' }, { status: 'sending', startedAt: now, updatedAt: now });
    let queued = 0;
    for (const b of await this.repo.find({ where: { status: 'sending' }, order: { id: 'ASC' } })) {
      if (!b.listReady) await this.freeze(b);
      queued += await this.batch(b);
    }
    return queued;
  }

  /** The recipient list, made once in one statement (again after a crash: the unique key drops what is there). */
  private async freeze(b: Broadcast): Promise<void> {
    await this.segments.freeze(b.id, b.segment, this.clock.now());
    const count = await this.ds.getRepository(BroadcastRecipient).countBy({ broadcastId: b.id });
    await this.repo.update({ id: b.id }, { listReady: true, recipientCount: count });
    b.listReady = true;
    b.recipientCount = count;
    this.logger.log(`Broadcast ${b.id}: ${count} recipients`);
  }

  private async batch(b: Broadcast): Promise<number> {
    const now = this.clock.now();
    // The batch of this minute: only the instance whose update moved lastBatchAt sends it.
    const claim = await this.repo.update(
      { id: b.id, status: 'sending', lastBatchAt: Or(IsNull(), LessThanOrEqual(new Date(now.getTime() - BATCH_INTERVAL_MS))) },
      { lastBatchAt: now },
    );
    if (claim.affected !== 1) return 0;
    const recipients = this.ds.getRepository(BroadcastRecipient);
    const next = await recipients.find({
      where: { broadcastId: b.id, status: 'pending' },
      order: { id: 'ASC' },
      take: this.cfg.marketingSendRate,
    });
    let queued = 0;
    for (let i = 0; i < next.length; i += QUEUE_CHUNK)
      queued += await this.ds.transaction((m) => this.queueChunk(b, next.slice(i, i + QUEUE_CHUNK), m));
    if ((await recipients.countBy({ broadcastId: b.id, status: 'pending' })) === 0)
      await this.repo.update({ id: b.id, status: 'sending' }, { status: 'sent', finishedAt: now, updatedAt: now });
    return queued;
  }

  /**
   * One chunk in one transaction, in a handful of statements whatever its size: its rows still
   * pending, held until the commit (a batch of another instance, a minute later if this one ran long,
   * skips them); the addresses that may get marketing, in one read; the others marked skipped in one
   * UPDATE; the mails queued together (OutboxService.enqueueMany); each row marked queued with its
   * message in one UPDATE. A statement or five per recipient kept a batch of 6 000 queueing for most
   * of its minute under launch-day load (docs/performance.md "Launch day"). Returns how many were queued.
   */
  private async queueChunk(b: Broadcast, chunk: BroadcastRecipient[], m: EntityManager): Promise<number> {
    const held = m
      .getRepository(BroadcastRecipient)
      .createQueryBuilder('r')
      .select('r.id', 'id')
      .where('r.id IN (:...ids) AND r.status = :pending', { ids: chunk.map((r) => r.id), pending: 'pending' });
    if (isMysql(m)) held.setLock('pessimistic_write');
    const pending = new Set((await held.getRawMany<{ id: number | string }>()).map((r) => Number(r.id)));
    const rows = chunk.filter((r) => pending.has(r.id));
    if (rows.length === 0) return 0;
    const may = await this.subscribers.marketableOf(
      rows.map((r) => r.email),
      m,
    );
    const send = rows.filter((r) => may.has(normalizeEmail(r.email)));
    const skip = rows.filter((r) => !may.has(normalizeEmail(r.email)));
    if (skip.length) await m.getRepository(BroadcastRecipient).update({ id: In(skip.map((r) => r.id)) }, { status: 'skipped' });
    if (send.length === 0) return 0;
    const key = (r: BroadcastRecipient) => `bc:${b.id}:${r.id}`;
    const ids = await this.outbox.enqueueMany(
      send.map((r) => ({
        ...broadcastMail(this.cfg, b, this.unsubscribe.url(r.email)),
        kind: 'broadcast' as const,
        to: r.email,
        userId: r.userId,
        dedupeKey: key(r),
      })),
      m,
    );
    const id = m.connection.driver.escape('id');
    await m
      .createQueryBuilder()
      .update(BroadcastRecipient)
      .set({
        status: 'queued',
        outboxId: () =>
          `CASE ${id} ${send.map((r) => `WHEN ${Math.trunc(r.id)} THEN ${Math.trunc(ids.get(key(r))!)}`).join(' ')} END`,
      })
      .where({ id: In(send.map((r) => r.id)) })
      .execute();
    return send.length;
  }

  /** For the data export: the broadcasts that went to an address. */
  async sentTo(email: string): Promise<Array<{ subject: string; at: string }>> {
    const rows = await this.ds.getRepository(BroadcastRecipient).find({ where: { email, status: In(['queued']) } });
    if (rows.length === 0) return [];
    const bs = await this.repo.findBy({ id: In(rows.map((r) => r.broadcastId)) });
    return bs.map((b) => ({ subject: b.subject, at: (b.startedAt ?? b.createdAt).toISOString() }));
  }

  /** Erasure: the address leaves every recipient list. */
  async eraseFor(email: string, m: EntityManager): Promise<number> {
    const res = await m.delete(BroadcastRecipient, { email });
    return res.affected ?? 0;
  }
}
