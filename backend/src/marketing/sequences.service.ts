import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, LessThanOrEqual } from 'typeorm';
import { MSG, type AdminSequence, type SequenceStepInput, type SequenceTrigger } from '@academy/contracts';
import { AccessRecordsService } from '../access/access-records.service';
import type { User } from '../identity/entities/user.entity';
import { UserRecordsService } from '../identity/user-records.service';
import { OutboxService } from '../mail/outbox.service';
import { UnsubscribeService } from '../mail/unsubscribe.service';
import { AuditService } from '../platform/audit/audit.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { normalizeEmail } from '../platform/crypto/tokens';
import { badRequest, notFound } from '../platform/errors/app-error';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { filter, listParamsFor, runList, type ListResult, type ListSpec } from '../platform/list/list-query';
import { Clock } from '../platform/time/clock';
import { osloDate, osloDayStart } from '../platform/time/oslo-time';
import { Enrolment, Sequence, SequenceStep, StepSend } from './entities/sequence.entity';
import { marketingMail } from './marketing-mail';
import { STARTER_SEQUENCE } from './starter-sequence';
import { SubscribersService } from './subscribers.service';

/** A pending (unconfirmed) address waits this long for its confirmation before the sequence gives up. */
export const PENDING_GRACE_MS = 14 * 86400_000;
const DAY_MS = 86400_000;

export const SEQUENCES_LIST: ListSpec<Sequence> = {
  sort: { id: 's.id', name: 's.name', createdAt: 's.createdAt' },
  defaultSort: ['id', 'ASC'],
  filters: { id: filter.ids('s.id'), q: filter.search(['s.name']) },
};

export interface SequenceEvent {
  trigger: SequenceTrigger;
  /** lead: the variant(s) the lead came through; bought: the course. */
  values: string[];
  email: string;
  userId: number | null;
}

export interface SequenceInput {
  name: string;
  trigger: SequenceTrigger;
  triggerValue?: string | null;
  active?: boolean;
  utm?: boolean;
  steps: SequenceStepInput[];
}

/** When a step is due: `waitDays` after the anchor's Oslo day, at `sendHour` Oslo time (0 days: at once). */
export function dueAt(anchor: Date, step: Pick<SequenceStep, 'waitDays' | 'sendHour'>): Date {
  if (step.waitDays === 0) return anchor;
  const start = osloDayStart(osloDate(anchor))!;
  // Noon of the target day, so a clock change inside the wait never shifts the day.
  const day = osloDate(new Date(start.getTime() + step.waitDays * DAY_MS + 12 * 3600_000));
  const dayStart = osloDayStart(day)!;
  // The hour counted on the day's own offset: osloDayStart of the day + hours, corrected on clock-change days.
  const guess = new Date(dayStart.getTime() + step.sendHour * 3600_000);
  const hourThere = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', hourCycle: 'h23' }).format(guess),
  );
  return new Date(guess.getTime() + (step.sendHour - hourThere) * 3600_000);
}

/**
 * Sequences ('Sekvenser'): an event enrols a person once per sequence; each step waits, then sends
 * a marketing mail; a step may stop the sequence when the person has bought a course. The step is
 * read when it is due, so editing a sequence changes only what is not sent yet. Steps go only to
 * addresses that may get marketing; one that leaves the list gets nothing more.
 */
@Injectable()
export class SequencesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Marketing');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly unsubscribe: UnsubscribeService,
    private readonly subscribers: SubscribersService,
    private readonly access: AccessRecordsService,
    private readonly users: UserRecordsService,
    private readonly audit: AuditService,
  ) {}

  /** The seeded Starter sequence, once (an edited or deactivated one is left as the mentor made it). */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.ds.getRepository(Sequence).existsBy({ seedKey: STARTER_SEQUENCE.seedKey })) return;
    try {
      await this.ds.transaction(async (m) => {
        const now = this.clock.now();
        const res = await m.getRepository(Sequence).insert({
          seedKey: STARTER_SEQUENCE.seedKey,
          name: STARTER_SEQUENCE.name,
          trigger: 'lead',
          triggerValue: 'starter',
          active: true,
          utm: true,
          createdAt: now,
          updatedAt: now,
        });
        const id = Number(res.identifiers[0].id);
        await this.writeSteps(m, id, STARTER_SEQUENCE.steps);
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }

  // ---- the admin panel

  async list(query: Record<string, unknown>): Promise<ListResult<AdminSequence>> {
    const res = await runList(
      this.ds.getRepository(Sequence).createQueryBuilder('s'),
      listParamsFor(query, SEQUENCES_LIST),
      SEQUENCES_LIST,
    );
    const rows: AdminSequence[] = [];
    for (const s of res.rows) rows.push(await this.view(s));
    return { ...res, rows };
  }

  async get(id: number): Promise<AdminSequence> {
    const s = await this.ds.getRepository(Sequence).findOneBy({ id });
    if (!s) throw notFound(MSG.sequenceNotFound);
    return this.view(s);
  }

  private async view(s: Sequence): Promise<AdminSequence> {
    const steps = await this.steps(s.id);
    const enrolments = await this.ds.getRepository(Enrolment).find({
      select: { id: true, status: true, lastPosition: true, stoppedAtStepId: true },
      where: { sequenceId: s.id },
    });
    const sends = steps.length
      ? await this.ds
          .getRepository(StepSend)
          .createQueryBuilder('x')
          .select('x.stepId', 'stepId')
          .addSelect('COUNT(*)', 'n')
          .where('x.stepId IN (:...ids)', { ids: steps.map((st) => st.id) })
          .groupBy('x.stepId')
          .getRawMany<{ stepId: number; n: string | number }>()
      : [];
    const sent = new Map(sends.map((r) => [Number(r.stepId), Number(r.n)]));
    return {
      id: s.id,
      name: s.name,
      trigger: s.trigger,
      triggerValue: s.triggerValue,
      active: s.active,
      utm: s.utm,
      enrolled: enrolments.length,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
      steps: steps.map((st) => ({
        id: st.id,
        position: st.position,
        waitDays: st.waitDays,
        sendHour: st.sendHour,
        subject: st.subject,
        body: st.body,
        stopIfBought: st.stopIfBought,
        // Waiting: active and this is the next step to send.
        waiting: enrolments.filter((e) => e.status === 'active' && this.nextOf(steps, e.lastPosition)?.id === st.id).length,
        sent: sent.get(st.id) ?? 0,
        stopped: enrolments.filter((e) => e.status === 'stopped' && e.stoppedAtStepId === st.id).length,
      })),
    };
  }

  private steps(sequenceId: number, m?: EntityManager): Promise<SequenceStep[]> {
    return (m ?? this.ds.manager)
      .getRepository(SequenceStep)
      .find({
        where: { sequenceId },
        order: { position: 'ASC' },
      })
      .then((xs) => xs.filter((x) => x.position > 0));
  }

  private nextOf(steps: SequenceStep[], lastPosition: number): SequenceStep | undefined {
    return steps.find((s) => s.position > lastPosition);
  }

  /** Steps as given, in order: known ids are updated in place, new ones added, missing ones retired (kept for the counts). */
  private async writeSteps(m: EntityManager, sequenceId: number, steps: SequenceStepInput[]): Promise<void> {
    const repo = m.getRepository(SequenceStep);
    const existing = await repo.findBy({ sequenceId });
    const keep = new Set<number>();
    let position = 0;
    // Positions only grow: a retired step's place is never reused by an unsent one, so nobody skips or repeats.
    const base = existing.reduce((mx, s) => Math.max(mx, s.position), 0);
    for (const st of steps) {
      position++;
      const row = {
        waitDays: st.waitDays,
        sendHour: st.sendHour,
        subject: st.subject,
        body: st.body,
        stopIfBought: st.stopIfBought ?? null,
      };
      const old = st.id !== undefined ? existing.find((e) => e.id === st.id) : undefined;
      if (old) {
        keep.add(old.id);
        await repo.update({ id: old.id }, { ...row, position: old.position > 0 ? old.position : base + position });
      } else {
        await repo.insert({ ...row, sequenceId, position: base + position });
      }
    }
    for (const e of existing) if (!keep.has(e.id) && e.position > 0) await repo.update({ id: e.id }, { position: 0 });
  }

  async create(input: SequenceInput, actor: User): Promise<AdminSequence> {
    if (!input.steps.length) throw badRequest(MSG.sequenceStepsMissing, 'VALIDATION_FAILED');
    const now = this.clock.now();
    const id = await this.ds.transaction(async (m) => {
      const res = await m.getRepository(Sequence).insert({
        seedKey: null,
        name: input.name,
        trigger: input.trigger,
        triggerValue: input.triggerValue ?? null,
        active: input.active ?? true,
        utm: input.utm ?? true,
        createdAt: now,
        updatedAt: now,
      });
      const id = Number(res.identifiers[0].id);
      await this.writeSteps(m, id, input.steps);
      await this.audit.record(
        m,
        actor,
        { action: 'sequence.created', entity: 'sequence', entityId: id, before: null, after: input },
        now,
      );
      return id;
    });
    return this.get(id);
  }

  /** Changes apply to steps not yet sent; steps already sent stay sent. */
  async update(id: number, patch: Partial<SequenceInput>, actor: User): Promise<AdminSequence> {
    const before = await this.get(id);
    const input: SequenceInput = {
      name: patch.name ?? before.name,
      trigger: patch.trigger ?? before.trigger,
      triggerValue: patch.triggerValue === undefined ? before.triggerValue : patch.triggerValue,
      active: patch.active ?? before.active,
      utm: patch.utm ?? before.utm,
      steps: patch.steps ?? before.steps.map(({ waiting: _w, sent: _s, stopped: _x, position: _p, ...st }) => st),
    };
    if (!input.steps.length) throw badRequest(MSG.sequenceStepsMissing, 'VALIDATION_FAILED');
    const now = this.clock.now();
    await this.ds.transaction(async (m) => {
      await m.getRepository(Sequence).update(
        { id },
        {
          name: input.name,
          trigger: input.trigger,
          triggerValue: input.triggerValue ?? null,
          active: input.active ?? before.active,
          utm: input.utm ?? before.utm,
          updatedAt: now,
        },
      );
      await this.writeSteps(m, id, input.steps);
      await this.audit.record(
        m,
        actor,
        {
          action: 'sequence.updated',
          entity: 'sequence',
          entityId: id,
          before: { ...before, steps: before.steps.map(({ waiting: _w, sent: _s, stopped: _x, ...s }) => s) },
          after: input,
        },
        now,
      );
    });
    return this.get(id);
  }

  // ---- events and the runner

  /** Enrols the person in every active sequence the event starts (once per sequence and address). */
  async handle(e: SequenceEvent): Promise<number> {
    const email = normalizeEmail(e.email);
    const sequences = await this.ds.getRepository(Sequence).findBy({ active: true, trigger: e.trigger });
    let enrolled = 0;
    for (const s of sequences) {
      if (s.triggerValue && !e.values.includes(s.triggerValue)) continue;
      if (await this.enrol(s, email, e.userId)) enrolled++;
    }
    return enrolled;
  }

  private async enrol(s: Sequence, email: string, userId: number | null): Promise<boolean> {
    const steps = await this.steps(s.id);
    if (!steps.length) return false;
    const now = this.clock.now();
    try {
      await this.ds.getRepository(Enrolment).insert({
        sequenceId: s.id,
        email,
        userId,
        status: 'active',
        lastPosition: 0,
        anchorAt: now,
        nextDueAt: dueAt(now, steps[0]),
        stoppedAtStepId: null,
        stopReason: null,
        enrolledAt: now,
        updatedAt: now,
      });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /** One round: every step that is due now is sent (or the enrolment stopped). Returns mails queued. */
  async runDue(): Promise<number> {
    const now = this.clock.now();
    const due = await this.ds.getRepository(Enrolment).find({
      where: { status: 'active', nextDueAt: LessThanOrEqual(now) },
      order: { nextDueAt: 'ASC', id: 'ASC' },
      take: 500,
    });
    let queued = 0;
    const sequences = new Map<number, Sequence | null>();
    for (const e of due) {
      if (!sequences.has(e.sequenceId))
        sequences.set(e.sequenceId, await this.ds.getRepository(Sequence).findOneBy({ id: e.sequenceId }));
      const s = sequences.get(e.sequenceId);
      if (!s) continue;
      if (await this.step(s, e, now)) queued++;
    }
    return queued;
  }

  private async stop(e: Enrolment, step: SequenceStep | null, reason: string, now: Date): Promise<void> {
    await this.ds
      .getRepository(Enrolment)
      .update(
        { id: e.id, status: 'active', lastPosition: e.lastPosition },
        { status: 'stopped', stoppedAtStepId: step?.id ?? null, stopReason: reason, nextDueAt: null, updatedAt: now },
      );
  }

  private async step(s: Sequence, e: Enrolment, now: Date): Promise<boolean> {
    const steps = await this.steps(s.id);
    const step = this.nextOf(steps, e.lastPosition);
    const repo = this.ds.getRepository(Enrolment);
    if (!step) {
      await repo.update(
        { id: e.id, status: 'active', lastPosition: e.lastPosition },
        { status: 'finished', nextDueAt: null, updatedAt: now },
      );
      return false;
    }
    // The step as it is now (it may have been edited since the last one was sent).
    const due = dueAt(e.anchorAt, step);
    if (due > now) {
      await repo.update({ id: e.id, status: 'active', lastPosition: e.lastPosition }, { nextDueAt: due });
      return false;
    }
    if (!s.active) {
      await this.stop(e, step, 'deaktivert', now);
      return false;
    }
    const sub = await this.subscribers.find(e.email);
    if (!sub || (sub.status !== 'subscribed' && sub.status !== 'customer')) {
      if (sub?.status === 'pending' && now.getTime() - e.enrolledAt.getTime() < PENDING_GRACE_MS) {
        // Not confirmed yet: try again in an hour.
        await repo.update(
          { id: e.id, status: 'active', lastPosition: e.lastPosition },
          { nextDueAt: new Date(now.getTime() + 3600_000) },
        );
        return false;
      }
      await this.stop(e, step, sub ? sub.status : 'ingen samtykke', now);
      return false;
    }
    if (step.stopIfBought && (await this.hasBought(e, step.stopIfBought))) {
      await this.stop(e, step, 'kjøpt', now);
      return false;
    }
    const mail = marketingMail(
      { siteName: this.cfg.siteName, contactEmail: this.cfg.contactEmail, publicUrl: this.cfg.publicUrl },
      {
        subject: step.subject,
        body: step.body,
        unsubscribeUrl: this.unsubscribe.url(e.email),
        utm: s.utm ? { source: 'sekvens', medium: 'email', campaign: `sekvens-${s.id}-steg-${step.position}` } : null,
      },
    );
    try {
      return await this.ds.transaction(async (m) => {
        // Only the instance that moves the enrolment past this step sends it.
        const moved = await m
          .getRepository(Enrolment)
          .update(
            { id: e.id, status: 'active', lastPosition: e.lastPosition },
            { lastPosition: step.position, anchorAt: now, nextDueAt: now, updatedAt: now },
          );
        if (moved.affected !== 1) return false;
        const outboxId = await this.outbox.enqueue(
          { ...mail, kind: 'sequence', to: e.email, userId: e.userId ?? sub.userId, dedupeKey: `seq:${e.id}:${step.id}` },
          m,
        );
        await m.getRepository(StepSend).insert({ enrolmentId: e.id, stepId: step.id, outboxId, sentAt: now });
        return true;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /** Whether the person holds a bought (not free) course: `any`, or the given one. */
  private async hasBought(e: Enrolment, course: string): Promise<boolean> {
    const userId = e.userId ?? (await this.users.idsByEmail([e.email])).get(e.email) ?? null;
    if (userId === null) return false;
    const grants = await this.access.activeGrantsOf([userId]);
    if (course === 'any') return grants.some((g) => g.courseId !== 'starter');
    return grants.some((g) => g.courseId === course);
  }

  /** For the data export. */
  async enrolmentsOf(email: string): Promise<Array<{ sequence: string; status: string; enrolledAt: string }>> {
    const rows = await this.ds.getRepository(Enrolment).findBy({ email });
    if (!rows.length) return [];
    const seqs = await this.ds.getRepository(Sequence).findBy({ id: In(rows.map((r) => r.sequenceId)) });
    const name = new Map(seqs.map((s) => [s.id, s.name]));
    return rows.map((r) => ({
      sequence: name.get(r.sequenceId) ?? String(r.sequenceId),
      status: r.status,
      enrolledAt: r.enrolledAt.toISOString(),
    }));
  }

  /** Erasure: enrolments of the address and what they sent. */
  async eraseFor(email: string, m: EntityManager): Promise<number> {
    const rows = await m.getRepository(Enrolment).findBy({ email });
    if (rows.length) await m.delete(StepSend, { enrolmentId: In(rows.map((r) => r.id)) });
    const res = await m.delete(Enrolment, { email });
    return res.affected ?? 0;
  }
}
