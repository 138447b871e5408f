import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { FikenBackfillResponse, FikenRetryResponse } from '@academy/contracts';
import type { User } from '../../identity/entities/user.entity';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { AuditService } from '../../platform/audit/audit.service';
import { conflict, notFound } from '../../platform/errors/app-error';
import { Clock } from '../../platform/time/clock';
import { FikenPosting } from '../entities/fiken-posting.entity';
import { Receipt } from '../entities/receipt.entity';
import { queueFikenPosting } from './fiken-queue';

const NOT_CONFIGURED = 'Fiken er ikke satt opp (FIKEN_* mangler), så ingenting sendes dit';

/** The queue as the doctor sees it: failed postings, and when the oldest waiting one was queued. */
export async function fikenQueueStats(ds: DataSource): Promise<{ failed: number; oldestWaiting: Date | null }> {
  const repo = ds.getRepository(FikenPosting);
  const failed = await repo.countBy({ state: 'failed' });
  const oldest = await repo.findOne({
    select: { id: true, createdAt: true },
    where: { state: 'waiting' },
    order: { createdAt: 'ASC' },
  });
  return { failed, oldestWaiting: oldest?.createdAt ?? null };
}

/** «Prøv igjen» and the backfill in Regnskap (docs/decisions.md "Fiken"); both audited. */
@Injectable()
export class FikenPostingsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** A failed posting back in the queue, due now; its attempts are kept. */
  async retry(receiptId: number, actor: User): Promise<FikenRetryResponse> {
    if (!this.cfg.fiken) throw conflict(NOT_CONFIGURED);
    return this.ds.transaction(async (m) => {
      const posting = await m.findOneBy(FikenPosting, { receiptId });
      if (!posting) throw notFound('Dokumentet finnes ikke i Fiken-køen');
      if (posting.state !== 'failed') throw conflict('Bare et bilag som har feilet, kan prøves på nytt');
      const now = this.clock.now();
      const res = await m
        .createQueryBuilder()
        .update(FikenPosting)
        .set({ state: 'waiting', nextAttemptAt: now, leaseOwner: null, leaseUntil: null, updatedAt: now })
        .where('id = :id AND state = :f', { id: posting.id, f: 'failed' })
        .execute();
      if (!res.affected) throw conflict('Bare et bilag som har feilet, kan prøves på nytt');
      const receipt = await m.findOneByOrFail(Receipt, { id: receiptId });
      await this.audit.record(m, actor, {
        action: 'fiken.retry',
        entity: 'order',
        entityId: receipt.orderId,
        before: { number: receipt.number, state: 'failed', error: posting.lastError, attempts: posting.attempts },
        after: { state: 'waiting' },
      });
      return { receiptId, state: 'waiting' as const };
    });
  }

  /** Every receipt and credit note with no posting is queued, in number order; safe to run twice at once. */
  async backfill(actor: User): Promise<FikenBackfillResponse> {
    if (!this.cfg.fiken) throw conflict(NOT_CONFIGURED);
    const missing = await this.ds
      .getRepository(Receipt)
      .createQueryBuilder('r')
      .leftJoin(FikenPosting, 'p', 'p.receiptId = r.id')
      .select(['r.id AS id', 'r.kind AS kind'])
      .where('p.id IS NULL')
      .orderBy('r.number', 'ASC')
      .getRawMany<{ id: number; kind: string }>();
    let queued = 0;
    for (const r of missing) {
      if (await queueFikenPosting(this.ds.manager, r, this.clock.now())) queued++;
    }
    await this.ds.transaction((m) =>
      this.audit.record(m, actor, { action: 'fiken.backfill', entity: 'order', entityId: null, before: null, after: { queued } }),
    );
    return { queued };
  }
}
