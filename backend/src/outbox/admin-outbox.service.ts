import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import {
  MSG,
  MAIL_KINDS,
  OUTBOX_STATUSES,
  type AdminOutboxMessage,
  type AdminOutboxMessageDetail,
  type ResendOutboxResponse,
} from '@academy/contracts';
import { conflict, notFound } from '../platform/errors/app-error';
import { filter, listParamsFor, runList, type ListResult, type ListSpec } from '../platform/list/list-query';
import { OutboxBody } from './entities/outbox-body.entity';
import { OutboxMessage } from './entities/outbox-message.entity';
import { pendingMessage } from './outbox.service';
import { OutboxWorker } from './outbox.worker';

const LIST: ListSpec<OutboxMessage> = {
  sort: {
    id: 'm.id',
    createdAt: 'm.createdAt',
    nextAttemptAt: 'm.nextAttemptAt',
    sentAt: 'm.sentAt',
    status: 'm.status',
    kind: 'm.kind',
    toAddress: 'm.toAddress',
    attempts: 'm.attempts',
  },
  defaultSort: ['id', 'DESC'],
  filters: {
    id: filter.ids('m.id'),
    status: filter.oneOf('m.status', OUTBOX_STATUSES),
    kind: filter.oneOf('m.kind', MAIL_KINDS),
    userId: filter.ids('m.userId'),
    toAddress: filter.search(['m.toAddress']),
    q: filter.search(['m.toAddress', 'm.subject']),
  },
};

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** One-time links in the text are hidden from the panel: whoever reads them could sign in as the recipient. */
export function hideTokens(text: string): string {
  return text.replace(/([?&#]token=)[A-Za-z0-9_%-]+/g, '$1[skjult]');
}

function toRow(m: OutboxMessage): AdminOutboxMessage {
  return {
    id: m.id,
    kind: m.kind,
    toAddress: m.toAddress,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    nextAttemptAt: m.nextAttemptAt.toISOString(),
    lastError: m.lastError,
    sentAt: iso(m.sentAt),
    userId: m.userId,
    createdAt: m.createdAt.toISOString(),
  };
}

function toDetail(m: OutboxMessage): AdminOutboxMessageDetail {
  return { ...toRow(m), textBody: hideTokens(m.textBody) };
}

/** 'Utgående e-post' in the admin panel: list, show, resend. */
@Injectable()
export class AdminOutboxService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly worker: OutboxWorker,
  ) {}

  /** The mentor's work queue: mails that failed for good (to look at and send again). */
  countFailed(): Promise<number> {
    return this.ds.getRepository(OutboxMessage).countBy({ status: 'failed' });
  }

  async list(query: Record<string, unknown>): Promise<ListResult<AdminOutboxMessage>> {
    const params = listParamsFor(query, LIST);
    const qb = this.ds
      .getRepository(OutboxMessage)
      .createQueryBuilder('m')
      .select([
        'm.id',
        'm.kind',
        'm.toAddress',
        'm.subject',
        'm.status',
        'm.attempts',
        'm.nextAttemptAt',
        'm.lastError',
        'm.sentAt',
        'm.userId',
        'm.createdAt',
      ]);
    const res = await runList(qb, params, LIST);
    return { ...res, rows: res.rows.map(toRow) };
  }

  async get(id: number): Promise<AdminOutboxMessageDetail> {
    const m = await this.ds.getRepository(OutboxMessage).findOneBy({ id });
    if (!m) throw notFound(MSG.mailNotFound);
    return toDetail(m);
  }

  /**
   * The order of a receipt that has gone out (sent or only logged), by its dedupe key `receipt:<id>`:
   * such a receipt is built anew when sent again (its sign-in link may have been used). Null for any
   * other message, and for a receipt still waiting or failed (that one goes out as it is).
   */
  async sentReceiptOrder(id: number): Promise<number | null> {
    const m = await this.ds.getRepository(OutboxMessage).findOneBy({ id });
    if (!m) throw notFound(MSG.mailNotFound);
    if (m.kind !== 'receipt' || (m.status !== 'sent' && m.status !== 'logged')) return null;
    const match = /^receipt:(\d+)$/.exec(m.dedupeKey ?? '');
    return match ? Number(match[1]) : null;
  }

  /**
   * A failed or not yet sent message is queued again from scratch (attempts reset); a sent or logged
   * one gets a new pending copy with the same content. One being sent right now: 409.
   */
  async resend(id: number): Promise<ResendOutboxResponse> {
    const repo = this.ds.getRepository(OutboxMessage);
    const m = await repo.findOne({ where: { id }, relations: { body: true } });
    if (!m) throw notFound(MSG.mailNotFound);
    const now = new Date();
    if (m.status === 'failed' || m.status === 'pending') {
      const res = await repo.update(
        { id, status: In(['failed', 'pending']) },
        { status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null, lockedBy: null, lockedUntil: null },
      );
      if (res.affected !== 1) throw conflict(MSG.mailSending);
      this.worker.kick();
      return { action: 'requeued', message: toDetail(await repo.findOneByOrFail({ id })) };
    }
    if (m.status === 'sending') throw conflict(MSG.mailSending);
    const copyId = await this.ds.transaction(async (tx) => {
      const res = await tx
        .getRepository(OutboxMessage)
        .insert(pendingMessage({ kind: m.kind, to: m.toAddress, subject: m.subject, userId: m.userId, dedupeKey: null }, now));
      const id = Number(res.identifiers[0]?.id);
      await tx.getRepository(OutboxBody).insert({ messageId: id, html: m.html, textBody: m.textBody });
      return id;
    });
    this.worker.kick();
    const copy = await repo.findOneByOrFail({ id: copyId });
    return { action: 'copied', message: toDetail(copy) };
  }
}
