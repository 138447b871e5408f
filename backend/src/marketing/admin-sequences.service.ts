import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MSG, type AdminSequence, type SequenceStepInput, type SequenceTrigger } from '@academy/contracts';
import type { User } from '../identity/entities/user.entity';
import { AuditService } from '../platform/audit/audit.service';
import { badRequest, notFound } from '../platform/errors/app-error';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { filter, listParamsFor, runList, type ListResult, type ListSpec } from '../platform/list/list-query';
import { Clock } from '../platform/time/clock';
import { Enrolment, Sequence, SequenceStep, StepSend } from './entities/sequence.entity';
import { currentSteps, nextStep } from './sequence-steps';
import { STARTER_SEQUENCE } from './starter-sequence';

export const SEQUENCES_LIST: ListSpec<Sequence> = {
  sort: { id: 's.id', name: 's.name', createdAt: 's.createdAt' },
  defaultSort: ['id', 'ASC'],
  filters: { id: filter.ids('s.id'), q: filter.search(['s.name']) },
};

export interface SequenceInput {
  name: string;
  trigger: SequenceTrigger;
  triggerValue?: string | null;
  active?: boolean;
  utm?: boolean;
  steps: SequenceStepInput[];
}

/**
 * Sequences ('Sekvenser') as the mentor edits them in the panel: the list with its per-step counts,
 * create and update (audited), and the seeded Starter sequence. Editing changes only what is not
 * sent yet: the engine (SequenceEngineService) reads each step when it is due.
 */
@Injectable()
export class AdminSequencesService implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
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
    const steps = await currentSteps(this.ds.manager, s.id);
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
        waiting: enrolments.filter((e) => e.status === 'active' && nextStep(steps, e.lastPosition)?.id === st.id).length,
        sent: sent.get(st.id) ?? 0,
        stopped: enrolments.filter((e) => e.status === 'stopped' && e.stoppedAtStepId === st.id).length,
      })),
    };
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
}
