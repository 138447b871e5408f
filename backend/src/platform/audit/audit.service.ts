import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { AUDIT_ACTIONS } from '@academy/contracts';
import { normalizeEmail } from '../dto/email-address';
import { filter, parse, runList, type ListParams, type ListResult, type ListSpec } from '../list/list-query';
import { AuditLog } from './entities/audit-log.entity';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type ExportSections, type PersonalDataOwner } from '../personal-data';

export type AuditEntity =
  | 'lead'
  | 'user'
  | 'grant'
  | 'order'
  | 'payment_review'
  | 'course'
  | 'module'
  | 'settings'
  | 'live_session'
  | 'certificate'
  | 'broadcast'
  | 'sequence'
  | 'campaign_code'
  | 'lesson_question'
  | 'mentor_thread'
  | 'subscription'
  | 'partner';

export const AUDIT_ENTITIES: readonly AuditEntity[] = [
  'lead',
  'user',
  'grant',
  'order',
  'course',
  'module',
  'settings',
  'live_session',
  'certificate',
  'broadcast',
  'sequence',
  'campaign_code',
  'lesson_question',
  'mentor_thread',
  'subscription',
  'partner',
];

export interface AuditEntry {
  action: string;
  entity: AuditEntity;
  entityId: string | number | null;
  before: unknown;
  after: unknown;
}

/** Who made a change; null for a change nobody signed in can be named for (an erased account). */
export type AuditActor = { id: number; email: string } | null;

/** A JSON-safe copy (dates become ISO strings); secrets are never copied into the log. */
export function snapshot<T>(value: T): unknown {
  if (value === null || value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (k, v: unknown) => (k === 'passwordHash' || k === 'tokenHash' ? undefined : v)));
}

/**
 * Who changed what, when, and how it looked before and after. Always written with the
 * manager of the transaction that makes the change, so the log and the change commit together.
 * It lives in platform because the admin panel writes it and the account erasure anonymises it.
 */
/** The admin panel's audit-log list (alias `audit`): the fields it may sort and filter on. */
export const AUDIT_LIST: ListSpec<AuditLog> = {
  sort: {
    id: 'audit.id',
    createdAt: 'audit.createdAt',
    action: 'audit.action',
    entity: 'audit.entity',
    actorEmail: 'audit.actorEmail',
  },
  defaultSort: ['id', 'DESC'],
  filters: {
    id: filter.ids('audit.id'),
    q: filter.search(['audit.actorEmail', 'audit.action', 'audit.entity', 'audit.entityId']),
    actorId: filter.ids('audit.actorId'),
    actorEmail: filter.equals('audit.actorEmail', (raw, key) => normalizeEmail(parse.string(raw, key, 254))),
    action: filter.oneOf('audit.action', AUDIT_ACTIONS),
    entity: filter.oneOf('audit.entity', AUDIT_ENTITIES),
    entityId: filter.equals('audit.entityId', (raw, key) => String(typeof raw === 'number' ? raw : parse.string(raw, key, 64))),
    createdFrom: filter.from('audit.createdAt'),
    createdTo: filter.to('audit.createdAt'),
  },
};

@OwnsPersonalData({ name: 'audit', sections: [], tables: ['audit_log'], eraseOrder: ERASURE_ORDER.audit })
export class AuditService implements PersonalDataOwner {
  constructor(@InjectRepository(AuditLog) private readonly rows: Repository<AuditLog>) {}

  async record(manager: EntityManager, actor: AuditActor, entry: AuditEntry, at = new Date()): Promise<void> {
    const row = new AuditLog();
    row.actorId = actor?.id ?? null;
    row.actorEmail = actor?.email ?? null;
    row.action = entry.action;
    row.entity = entry.entity;
    row.entityId = entry.entityId === null ? null : String(entry.entityId);
    row.before = snapshot(entry.before);
    row.after = snapshot(entry.after);
    row.createdAt = at;
    await manager.getRepository(AuditLog).save(row, { reload: false });
  }

  /** One page of the log for the admin panel's list (alias `audit`). */
  listForAdmin(params: ListParams): Promise<ListResult<AuditLog>> {
    return runList(this.rows.createQueryBuilder('audit'), params, AUDIT_LIST);
  }

  findById(id: number): Promise<AuditLog | null> {
    return this.rows.findOneBy({ id });
  }

  /** Erasure: earlier rows keep the actor's id (a number that no longer leads anywhere), not the address. */
  async eraseFor({ userId }: DataSubject, m: EntityManager): Promise<Record<string, number>> {
    await m.getRepository(AuditLog).update({ actorId: userId }, { actorEmail: null });
    return {};
  }

  /** The audit trail is not part of the data export. */
  async exportFor(): Promise<ExportSections> {
    return {};
  }
}
