import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, LessThanOrEqual, Or } from 'typeorm';
import {
  BROADCAST_STATUSES,
  MSG,
  type AdminBroadcast,
  type BroadcastPreview,
  type CreateBroadcastResponse,
  type Segment,
} from '@academy/contracts';
import type { User } from '../identity/entities/user.entity';
import { OutboxService } from '../mail/outbox.service';
import { UnsubscribeService } from '../mail/unsubscribe.service';
import { AuditService } from '../platform/audit/audit.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { normalizeEmail } from '../platform/crypto/tokens';
import { badRequest, conflict, notFound } from '../platform/errors/app-error';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { filter, listParamsFor, runList, type ListResult, type ListSpec } from '../platform/list/list-query';
import { Clock } from '../platform/time/clock';
import { BroadcastRecipient } from './entities/broadcast-recipient.entity';
import { Broadcast } from './entities/broadcast.entity';
import { marketingMail, type UtmTags } from './marketing-mail';
import { SegmentsService } from './segments.service';
import { SubscribersService } from './subscribers.service';

export const BATCH_INTERVAL_MS = 60_000;

export const BROADCASTS_LIST: ListSpec<Broadcast> = {
  sort: { id: 'b.id', createdAt: 'b.createdAt', sendAt: 'b.sendAt', status: 'b.status', subject: 'b.subject' },
  defaultSort: ['id', 'DESC'],
  filters: {
    id: filter.ids('b.id'),
    status: filter.oneOf('b.status', BROADCAST_STATUSES),
    q: filter.search(['b.subject']),
  },
};

export interface BroadcastInput {
  subject: string;
  body: string;
  segment: Segment;
  utm?: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Keeps only the segment's known fields (as stored and shown). */
function cleanSegment(s: Segment): Segment {
  const out: Segment = { audience: s.audience };
  if (s.variants?.length) out.variants = [...new Set(s.variants)];
  if (s.owns?.length) out.owns = [...new Set(s.owns)];
  if (s.notOwns?.length) out.notOwns = [...new Set(s.notOwns)];
  if (s.from) out.from = s.from;
  if (s.to) out.to = s.to;
  return out;
}

/**
 * Broadcasts ('Utsendelser'): written as drafts, tested, sent now or at a time. Sending freezes the
 * recipient list (unique per broadcast and address), then puts MARKETING_SEND_RATE of them in the
 * outbox per minute. Each step is a conditional update, so any number of instances can run it, and a
 * restart simply continues: a recipient goes to the outbox once, in the same transaction as its mark.
 */
@Injectable()
export class BroadcastsService {
  private readonly logger = new Logger('Marketing');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly unsubscribe: UnsubscribeService,
    private readonly segments: SegmentsService,
    private readonly subscribers: SubscribersService,
    private readonly audit: AuditService,
  ) {}

  private get repo() {
    return this.ds.getRepository(Broadcast);
  }

  private brand() {
    return { siteName: this.cfg.siteName, contactEmail: this.cfg.contactEmail, publicUrl: this.cfg.publicUrl };
  }

  utmFor(b: Pick<Broadcast, 'id' | 'utm'>): UtmTags | null {
    return b.utm ? { source: 'nyhetsbrev', medium: 'email', campaign: `utsendelse-${b.id}` } : null;
  }

  render(b: Pick<Broadcast, 'id' | 'utm' | 'subject' | 'body'>, to: string) {
    return marketingMail(this.brand(), {
      subject: b.subject,
      body: b.body,
      unsubscribeUrl: this.unsubscribe.url(to),
      utm: this.utmFor(b),
    });
  }

  async count(segment: Segment): Promise<number> {
    return (await this.segments.resolve(cleanSegment(segment))).length;
  }

  /** A new draft: `{id, recipients}` and the rest of the record (so the panel can show it at once). */
  async create(input: BroadcastInput, actor: User): Promise<CreateBroadcastResponse & AdminBroadcast> {
    const segment = cleanSegment(input.segment);
    const recipients = await this.count(segment);
    const now = this.clock.now();
    const id = await this.ds.transaction(async (m) => {
      const res = await m.getRepository(Broadcast).insert({
        subject: input.subject,
        body: input.body,
        segment,
        utm: input.utm ?? true,
        status: 'draft',
        sendAt: null,
        listReady: false,
        recipientCount: 0,
        lastBatchAt: null,
        startedAt: null,
        finishedAt: null,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      const id = Number(res.identifiers[0].id);
      await this.audit.record(
        m,
        actor,
        {
          action: 'broadcast.created',
          entity: 'broadcast',
          entityId: id,
          before: null,
          after: { subject: input.subject, segment },
        },
        now,
      );
      return id;
    });
    return { ...(await this.get(id)), id, recipients };
  }

  private async load(id: number): Promise<Broadcast> {
    const b = await this.repo.findOneBy({ id });
    if (!b) throw notFound(MSG.broadcastNotFound);
    return b;
  }

  async update(id: number, patch: Partial<BroadcastInput>, actor: User): Promise<AdminBroadcast> {
    const before = await this.load(id);
    if (before.status !== 'draft') throw conflict(MSG.broadcastNotDraft);
    const input: BroadcastInput = {
      subject: patch.subject ?? before.subject,
      body: patch.body ?? before.body,
      segment: patch.segment ?? before.segment,
      utm: patch.utm ?? before.utm,
    };
    const segment = cleanSegment(input.segment);
    await this.count(segment);
    const now = this.clock.now();
    await this.ds.transaction(async (m) => {
      const res = await m
        .getRepository(Broadcast)
        .update(
          { id, status: 'draft' },
          { subject: input.subject, body: input.body, segment, utm: input.utm ?? before.utm, updatedAt: now },
        );
      if (res.affected !== 1) throw conflict(MSG.broadcastNotDraft);
      await this.audit.record(
        m,
        actor,
        {
          action: 'broadcast.updated',
          entity: 'broadcast',
          entityId: id,
          before: { subject: before.subject, segment: before.segment },
          after: { subject: input.subject, segment },
        },
        now,
      );
    });
    return this.get(id);
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
    let recipients = b.recipientCount;
    let sent = 0;
    let failed = 0;
    let pending = 0;
    if (b.status === 'draft' || b.status === 'scheduled' || (b.status === 'sending' && !b.listReady)) {
      recipients = await this.count(b.segment);
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

  /** The mail as a recipient sees it (the unsubscribe link of the mentor's own address). */
  preview(input: Pick<BroadcastInput, 'subject' | 'body' | 'utm'> & { id?: number }, actor: User): BroadcastPreview {
    const mail = this.render(
      { id: input.id ?? 0, utm: input.utm ?? true, subject: input.subject, body: input.body },
      actor.email,
    );
    return { subject: mail.subject, html: mail.html, text: mail.text };
  }

  /** A test to one address, now (marked [Test]; not counted; sent whatever the address's consent). */
  async test(id: number, email: string, actor: User): Promise<{ queued: true }> {
    const b = await this.load(id);
    const to = normalizeEmail(email);
    const mail = this.render(b, to);
    const now = this.clock.now();
    await this.ds.transaction(async (m) => {
      await this.outbox.enqueue({ ...mail, subject: `[Test] ${mail.subject}`, kind: 'broadcast_test', to, userId: null }, m);
      await this.audit.record(
        m,
        actor,
        { action: 'broadcast.test_sent', entity: 'broadcast', entityId: id, before: null, after: { to } },
        now,
      );
    });
    return { queued: true };
  }

  /** Send now, or schedule for `at`. */
  async send(id: number, at: string | undefined, actor: User): Promise<AdminBroadcast> {
    const b = await this.load(id);
    if (b.status !== 'draft') throw conflict(MSG.broadcastAlreadySent);
    const now = this.clock.now();
    const sendAt = at ? new Date(at) : now;
    if (Number.isNaN(sendAt.getTime())) throw badRequest('at må være et tidspunkt (ISO 8601)', 'VALIDATION_FAILED');
    if (at && sendAt.getTime() < now.getTime() - 60_000) throw badRequest(MSG.broadcastAtPast, 'VALIDATION_FAILED');
    if ((await this.count(b.segment)) === 0) throw badRequest(MSG.broadcastNoRecipients, 'VALIDATION_FAILED');
    await this.ds.transaction(async (m) => {
      const res = await m
        .getRepository(Broadcast)
        .update({ id, status: 'draft' }, { status: 'scheduled', sendAt, updatedAt: now });
      if (res.affected !== 1) throw conflict(MSG.broadcastAlreadySent);
      await this.audit.record(
        m,
        actor,
        {
          action: at ? 'broadcast.scheduled' : 'broadcast.sent',
          entity: 'broadcast',
          entityId: id,
          before: { status: 'draft' },
          after: { status: 'scheduled', sendAt },
        },
        now,
      );
    });
    return this.get(id);
  }

  /** A scheduled broadcast back to a draft-like stop: cancelled (never sent). */
  async cancel(id: number, actor: User): Promise<AdminBroadcast> {
    await this.load(id);
    const now = this.clock.now();
    await this.ds.transaction(async (m) => {
      const res = await m.getRepository(Broadcast).update({ id, status: 'scheduled' }, { status: 'cancelled', updatedAt: now });
      if (res.affected !== 1) throw conflict(MSG.broadcastNotScheduled);
      await this.audit.record(
        m,
        actor,
        {
          action: 'broadcast.cancelled',
          entity: 'broadcast',
          entityId: id,
          before: { status: 'scheduled' },
          after: { status: 'cancelled' },
        },
        now,
      );
    });
    return this.get(id);
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

  /** The recipient list, made once (again after a crash: the unique key drops what is there). */
  private async freeze(b: Broadcast): Promise<void> {
    const list = await this.segments.resolve(b.segment);
    const repo = this.ds.getRepository(BroadcastRecipient);
    const now = this.clock.now();
    for (const r of list) {
      try {
        await repo.insert({
          broadcastId: b.id,
          email: r.email,
          userId: r.userId,
          status: 'pending',
          outboxId: null,
          createdAt: now,
        });
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
      }
    }
    const count = await repo.countBy({ broadcastId: b.id });
    await this.repo.update({ id: b.id }, { listReady: true, recipientCount: count });
    b.listReady = true;
    b.recipientCount = count;
    this.logger.log(`Utsendelse ${b.id}: ${count} mottakere`);
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
    for (const r of next) {
      const may = await this.subscribers.mayReceive(r.email);
      const mail = may ? this.render(b, r.email) : null;
      await this.ds.transaction(async (m) => {
        const mark = await m
          .getRepository(BroadcastRecipient)
          .update({ id: r.id, status: 'pending' }, { status: may ? 'queued' : 'skipped' });
        if (mark.affected !== 1 || !mail) return;
        const outboxId = await this.outbox.enqueue(
          { ...mail, kind: 'broadcast', to: r.email, userId: r.userId, dedupeKey: `bc:${b.id}:${r.id}` },
          m,
        );
        await m.getRepository(BroadcastRecipient).update({ id: r.id }, { outboxId });
        queued++;
      });
    }
    if ((await recipients.countBy({ broadcastId: b.id, status: 'pending' })) === 0)
      await this.repo.update({ id: b.id, status: 'sending' }, { status: 'sent', finishedAt: now, updatedAt: now });
    return queued;
  }

  /** For the data export: the broadcasts that went to an address. */
  async sentTo(email: string): Promise<Array<{ subject: string; at: string }>> {
    const rows = await this.ds.getRepository(BroadcastRecipient).find({ where: { email, status: In(['queued']) } });
    if (rows.length === 0) return [];
    const bs = await this.repo.findBy({ id: In(rows.map((r) => r.broadcastId)) });
    return bs.map((b) => ({ subject: b.subject, at: (b.startedAt ?? b.createdAt).toISOString() }));
  }

  /** Erasure: the address leaves every recipient list. */
  async eraseFor(email: string, m: import('typeorm').EntityManager): Promise<number> {
    const res = await m.delete(BroadcastRecipient, { email });
    return res.affected ?? 0;
  }
}
