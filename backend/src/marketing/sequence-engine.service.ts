import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, LessThanOrEqual } from 'typeorm';
import type { SequenceTrigger } from '@academy/contracts';
import { AccessRecordsService } from '../access/access-records.service';
import { UserReader } from '../identity/user-reader.service';
import { OutboxService } from '../outbox/outbox.service';
import { UnsubscribeService } from '../outbox/unsubscribe.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { normalizeEmail } from '../platform/crypto/tokens';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { Clock } from '../platform/time/clock';
import { Enrolment, Sequence, SequenceStep, StepSend } from './entities/sequence.entity';
import { marketingMail } from './marketing-mail';
import { currentSteps, dueAt, nextStep } from './sequence-steps';
import { SubscribersService } from './subscribers.service';

/** A pending (unconfirmed) address waits this long for its confirmation before the sequence gives up. */
export const PENDING_GRACE_MS = 14 * 86400_000;

export interface SequenceEvent {
  trigger: SequenceTrigger;
  /** lead: the variant(s) the lead came through; bought: the course. */
  values: string[];
  email: string;
  userId: number | null;
}

/**
 * Sequences ('Sekvenser') as they run: an event enrols a person once per sequence; each step waits,
 * then sends a marketing mail through the outbox; a step may stop the sequence when the person has
 * bought a course. The step is read when it is due, so editing a sequence (AdminSequencesService)
 * changes only what is not sent yet. Steps go only to addresses that may get marketing; one that
 * leaves the list gets nothing more. The marketing runner calls `runDue` on every instance.
 */
@Injectable()
export class SequenceEngineService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly unsubscribe: UnsubscribeService,
    private readonly subscribers: SubscribersService,
    private readonly access: AccessRecordsService,
    private readonly users: UserReader,
  ) {}

  /**
   * Enrols the person in every active sequence the event starts (once per sequence and address).
   * Every query goes through `m`: inside the transaction of the change (a payment), the enrolment is
   * committed with it or not at all.
   */
  async handle(e: SequenceEvent, m: EntityManager = this.ds.manager): Promise<number> {
    const email = normalizeEmail(e.email);
    const sequences = await m.getRepository(Sequence).find({ where: { active: true, trigger: e.trigger }, order: { id: 'ASC' } });
    let enrolled = 0;
    for (const s of sequences) {
      if (s.triggerValue && !e.values.includes(s.triggerValue)) continue;
      if (await this.enrol(m, s, email, e.userId)) enrolled++;
    }
    return enrolled;
  }

  private async enrol(m: EntityManager, s: Sequence, email: string, userId: number | null): Promise<boolean> {
    const steps = await currentSteps(m, s.id);
    if (!steps.length) return false;
    const repo = m.getRepository(Enrolment);
    // Once per sequence and address: a repeated event enrols nobody again.
    if (await repo.existsBy({ sequenceId: s.id, email })) return false;
    const now = this.clock.now();
    try {
      await repo.insert({
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
      // Enrolled at the same moment by another event (the unique key); on SQLite and MySQL the
      // refused insert leaves the surrounding transaction as it was.
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
    const steps = await currentSteps(this.ds.manager, s.id);
    const step = nextStep(steps, e.lastPosition);
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
