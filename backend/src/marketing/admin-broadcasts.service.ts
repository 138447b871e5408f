import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG, type AdminBroadcast, type BroadcastPreview, type CreateBroadcastResponse, type Segment } from '@academy/contracts';
import type { User } from '../identity/entities/user.entity';
import { OutboxService } from '../outbox/outbox.service';
import { UnsubscribeService } from '../outbox/unsubscribe.service';
import { AuditService } from '../platform/audit/audit.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { normalizeEmail } from '../platform/crypto/tokens';
import { badRequest, conflict } from '../platform/errors/app-error';
import { Clock } from '../platform/time/clock';
import { broadcastMail } from './broadcast-mail';
import { Broadcast } from './entities/broadcast.entity';
import { BroadcastProgressService } from './broadcast-progress.service';
import { SegmentsService } from './segments.service';

export interface BroadcastInput {
  subject: string;
  body: string;
  segment: Segment;
  utm?: boolean;
}

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
 * Broadcasts ('Utsendelser') as the mentor handles them in the panel: drafts (created, edited,
 * previewed, tested to one address), then sent now or scheduled, or a scheduled one cancelled; every
 * write audited. The list and each broadcast's progress are BroadcastProgressService's; sending itself is
 * BroadcastEngineService.
 */
@Injectable()
export class AdminBroadcastsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly unsubscribe: UnsubscribeService,
    private readonly segments: SegmentsService,
    private readonly progress: BroadcastProgressService,
    private readonly audit: AuditService,
  ) {}

  async count(segment: Segment): Promise<number> {
    return this.segments.count(cleanSegment(segment));
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
        // The segment's size when saved: shown on the draft without counting it again on every GET.
        recipientCount: recipients,
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
    return { ...(await this.progress.get(id)), id, recipients };
  }

  async update(id: number, patch: Partial<BroadcastInput>, actor: User): Promise<AdminBroadcast> {
    const before = await this.progress.load(id);
    if (before.status !== 'draft') throw conflict(MSG.broadcastNotDraft);
    const input: BroadcastInput = {
      subject: patch.subject ?? before.subject,
      body: patch.body ?? before.body,
      segment: patch.segment ?? before.segment,
      utm: patch.utm ?? before.utm,
    };
    const segment = cleanSegment(input.segment);
    const recipients = await this.count(segment);
    const now = this.clock.now();
    await this.ds.transaction(async (m) => {
      const res = await m.getRepository(Broadcast).update(
        { id, status: 'draft' },
        {
          subject: input.subject,
          body: input.body,
          segment,
          utm: input.utm ?? before.utm,
          recipientCount: recipients,
          updatedAt: now,
        },
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
    return this.progress.get(id);
  }

  /** The mail as a recipient sees it (the unsubscribe link of the mentor's own address). */
  preview(input: Pick<BroadcastInput, 'subject' | 'body' | 'utm'> & { id?: number }, actor: User): BroadcastPreview {
    const mail = broadcastMail(
      this.cfg,
      { id: input.id ?? 0, utm: input.utm ?? true, subject: input.subject, body: input.body },
      this.unsubscribe.url(actor.email),
    );
    return { subject: mail.subject, html: mail.html, text: mail.text };
  }

  /** A test to one address, now (marked [Test]; not counted; sent whatever the address's consent). */
  async test(id: number, email: string, actor: User): Promise<{ queued: true }> {
    const b = await this.progress.load(id);
    const to = normalizeEmail(email);
    const mail = broadcastMail(this.cfg, b, this.unsubscribe.url(to));
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

  /** Send now, or schedule for `at` (the engine starts it when it is due). */
  async send(id: number, at: string | undefined, actor: User): Promise<AdminBroadcast> {
    const b = await this.progress.load(id);
    if (b.status !== 'draft') throw conflict(MSG.broadcastAlreadySent);
    const now = this.clock.now();
    const sendAt = at ? new Date(at) : now;
    if (Number.isNaN(sendAt.getTime())) throw badRequest('at må være et tidspunkt (ISO 8601)', 'VALIDATION_FAILED');
    if (at && sendAt.getTime() < now.getTime() - 60_000) throw badRequest(MSG.broadcastAtPast, 'VALIDATION_FAILED');
    const recipients = await this.count(b.segment);
    if (recipients === 0) throw badRequest(MSG.broadcastNoRecipients, 'VALIDATION_FAILED');
    await this.ds.transaction(async (m) => {
      const res = await m
        .getRepository(Broadcast)
        .update({ id, status: 'draft' }, { status: 'scheduled', sendAt, recipientCount: recipients, updatedAt: now });
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
    return this.progress.get(id);
  }

  /** A scheduled broadcast back to a draft-like stop: cancelled (never sent). */
  async cancel(id: number, actor: User): Promise<AdminBroadcast> {
    await this.progress.load(id);
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
    return this.progress.get(id);
  }
}
