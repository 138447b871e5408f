import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import type { AccountExport, MailKindName } from '@academy/contracts';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { OutboxBody } from './entities/outbox-body.entity';
import { OutboxMessage } from './entities/outbox-message.entity';
import { OutboxWorker } from './outbox.worker';
import type { RenderedMail } from './mail-layout';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../platform/personal-data';

export type MailKind = MailKindName;

export interface NewMail extends RenderedMail {
  kind: MailKind;
  to: string;
  userId?: number | null;
  /** One message per key (e.g. `receipt:42`): a repeated insert is ignored. */
  dedupeKey?: string | null;
}

/** A new message's row: pending, never tried, due `now`. */
export function pendingMessage(
  mail: { kind: OutboxMessage['kind']; to: string; subject: string; userId?: number | null; dedupeKey?: string | null },
  now: Date,
): Omit<OutboxMessage, 'id' | 'body' | 'html' | 'textBody'> {
  return {
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject.slice(0, 300),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    lockedBy: null,
    lockedUntil: null,
    lastError: null,
    sentAt: null,
    userId: mail.userId ?? null,
    dedupeKey: mail.dedupeKey ?? null,
    createdAt: now,
  };
}

/** Puts messages in the outbox; the worker sends them. */
@OwnsPersonalData({ name: 'outbox', sections: ['emails'], tables: ['outbox', 'outbox_bodies'], eraseOrder: ERASURE_ORDER.outbox })
export class OutboxService implements PersonalDataOwner {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly worker: OutboxWorker,
  ) {}

  /**
   * Stores a message as pending. Pass the manager of the business transaction so the message
   * exists exactly when the change does. Returns the id, or null when the dedupe key was taken.
   */
  async enqueue(mail: NewMail, manager?: EntityManager): Promise<number | null> {
    const now = new Date();
    const m = manager ?? this.ds.manager;
    let id: number;
    try {
      const res = await m.getRepository(OutboxMessage).insert(pendingMessage(mail, now));
      id = Number(res.identifiers[0]?.id);
    } catch (e) {
      if (mail.dedupeKey && isUniqueViolation(e)) return null;
      throw e;
    }
    // The body second. The worker claims only messages whose body is there, so outside a transaction
    // it never sends one half-written; without the caller's transaction, a failed body takes its message along.
    try {
      await m.getRepository(OutboxBody).insert({ messageId: id, html: mail.html, textBody: mail.text });
    } catch (e) {
      if (!manager) await this.ds.getRepository(OutboxMessage).delete({ id });
      throw e;
    }
    // Inside a transaction the row is visible after the commit; the poll picks it up if the kick is early.
    this.worker.kick(manager ? 250 : 25);
    return id;
  }

  /**
   * Stores many messages as pending in the caller's transaction, each with its own dedupe key: a
   * broadcast's chunk of fifty in four statements (the keys already taken, one INSERT of the
   * messages, their ids by key, one INSERT of the bodies) instead of a hundred. A key already taken
   * is not stored again (as {@link enqueue}); its message's id is in the answer too. Returns the ids
   * by dedupe key.
   */
  async enqueueMany(mails: Array<NewMail & { dedupeKey: string }>, m: EntityManager): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    if (mails.length === 0) return ids;
    const byKey = async (keys: string[]) => {
      const rows = await m.getRepository(OutboxMessage).find({
        select: { id: true, dedupeKey: true },
        where: { dedupeKey: In(keys) },
        loadEagerRelations: false,
      });
      for (const r of rows) if (r.dedupeKey) ids.set(r.dedupeKey, r.id);
    };
    await byKey(mails.map((mail) => mail.dedupeKey));
    const fresh = [...new Map(mails.filter((mail) => !ids.has(mail.dedupeKey)).map((mail) => [mail.dedupeKey, mail])).values()];
    if (fresh.length === 0) return ids;
    const now = new Date();
    await m.getRepository(OutboxMessage).insert(fresh.map((mail) => pendingMessage(mail, now)));
    await byKey(fresh.map((mail) => mail.dedupeKey));
    await m
      .getRepository(OutboxBody)
      .insert(fresh.map((mail) => ({ messageId: ids.get(mail.dedupeKey)!, html: mail.html, textBody: mail.text })));
    // Visible after the commit; the poll picks them up if the kick is early.
    this.worker.kick(250);
    return ids;
  }

  /** When the account's messages of a kind were queued, newest first (to limit how often a kind is sent again). */
  async createdTimesOf(userId: number, kind: MailKind, m: EntityManager): Promise<Date[]> {
    const rows = await m.getRepository(OutboxMessage).find({
      select: { id: true, createdAt: true },
      where: { userId, kind },
      order: { createdAt: 'DESC' },
      loadEagerRelations: false,
    });
    return rows.map((r) => r.createdAt);
  }

  /** Whether a message with this dedupe key exists (to skip building it twice). */
  exists(dedupeKey: string, manager?: EntityManager): Promise<boolean> {
    return (manager ?? this.ds.manager).getRepository(OutboxMessage).exists({ where: { dedupeKey } });
  }

  /**
   * Messages with these dedupe keys still waiting to be sent are not sent (failed, with `reason`): a
   * reminder whose reason went away (paid, unsubscribed) before the worker took it. Returns how many.
   */
  async cancelPending(dedupeKeys: string[], reason: string, manager?: EntityManager): Promise<number> {
    if (dedupeKeys.length === 0) return 0;
    const res = await (manager ?? this.ds.manager)
      .getRepository(OutboxMessage)
      .update({ dedupeKey: In(dedupeKeys), status: 'pending' }, { status: 'failed', lastError: reason.slice(0, 1000) });
    return res.affected ?? 0;
  }

  /** For each prefix, how many messages whose dedupe key starts with it are in each status (broadcasts' progress). */
  async statusCountsByPrefix(prefixes: string[]): Promise<Array<Partial<Record<OutboxMessage['status'], number>>>> {
    const out = prefixes.map(() => ({}) as Partial<Record<OutboxMessage['status'], number>>);
    if (!prefixes.length) return out;
    // One statement: a grouped count per prefix, each a range of the dedupe key's index with its status.
    // Prefixes are plain (`bc:12:`): no LIKE wildcards in them.
    const table = this.ds.getMetadata(OutboxMessage).tableName;
    const q = (name: string) => this.ds.driver.escape(name);
    const sql = prefixes
      .map(
        (_, i) =>
          `SELECT ${i} AS ${q('k')}, ${q('status')}, COUNT(*) AS ${q('n')} FROM ${q(table)} WHERE ${q('dedupeKey')} LIKE ? GROUP BY ${q('status')}`,
      )
      .join(' UNION ALL ');
    const rows = (await this.ds.query(
      sql,
      prefixes.map((p) => `${p.replace(/[%_\\]/g, '')}%`),
    )) as Array<{ k: number | string; status: OutboxMessage['status']; n: string | number }>;
    for (const r of rows) out[Number(r.k)][r.status] = Number(r.n);
    return out;
  }

  /** Messages to the account or its address, for the data export (no bodies, no links). */
  async exportFor(owner: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'emails'>> {
    const rows = await m.find(OutboxMessage, {
      where: [{ userId: owner.userId }, { toAddress: owner.email }],
      loadEagerRelations: false,
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return {
      emails: rows.map((e) => ({
        kind: e.kind,
        subject: e.subject,
        status: e.status,
        createdAt: e.createdAt.toISOString(),
        sentAt: e.sentAt ? e.sentAt.toISOString() : null,
      })),
    };
  }

  /** Erasure, inside the caller's transaction: every message to the account or its address, sent or not. */
  async eraseFor(owner: DataSubject, m: EntityManager): Promise<{ emailsRemoved: number }> {
    // The bodies first (they hold the address and the links), then the messages. The ids are found
    // on the outbox's own indexes first: a DELETE … WHERE messageId IN (SELECT …) read every body
    // (an erasure took 3 s with 100 000 sent mails, bench/scale-results.md).
    const ids = (
      await m.find(OutboxMessage, {
        select: { id: true },
        where: [{ userId: owner.userId }, { toAddress: owner.email }],
        loadEagerRelations: false,
      })
    ).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 1000) await m.delete(OutboxBody, { messageId: In(ids.slice(i, i + 1000)) });
    const byUser = await m.delete(OutboxMessage, { userId: owner.userId });
    const byAddress = await m.delete(OutboxMessage, { toAddress: owner.email });
    return { emailsRemoved: (byUser.affected ?? 0) + (byAddress.affected ?? 0) };
  }
}
