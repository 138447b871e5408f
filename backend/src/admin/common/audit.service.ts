import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { User } from '../../identity/entities/user.entity';
import { AuditLog } from '../entities/audit-log.entity';

export type AuditEntity = 'lead' | 'user' | 'grant' | 'order' | 'course' | 'module' | 'settings';

export const AUDIT_ENTITIES: readonly AuditEntity[] = ['lead', 'user', 'grant', 'order', 'course', 'module', 'settings'];

export interface AuditEntry {
  action: string;
  entity: AuditEntity;
  entityId: string | number | null;
  before: unknown;
  after: unknown;
}

/** A JSON-safe copy (dates become ISO strings); secrets are never copied into the log. */
export function snapshot<T>(value: T): unknown {
  if (value === null || value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (k, v: unknown) => (k === 'passwordHash' || k === 'tokenHash' ? undefined : v)));
}

/**
 * Who changed what, when, and how it looked before and after. Always written with the
 * manager of the transaction that makes the change, so the log and the change commit together.
 */
@Injectable()
export class AuditService {
  async record(manager: EntityManager, actor: Pick<User, 'id' | 'email'>, entry: AuditEntry): Promise<void> {
    const row = new AuditLog();
    row.actorId = actor.id;
    row.actorEmail = actor.email;
    row.action = entry.action;
    row.entity = entry.entity;
    row.entityId = entry.entityId === null ? null : String(entry.entityId);
    row.before = snapshot(entry.before);
    row.after = snapshot(entry.after);
    row.createdAt = new Date();
    await manager.getRepository(AuditLog).save(row, { reload: false });
  }
}
