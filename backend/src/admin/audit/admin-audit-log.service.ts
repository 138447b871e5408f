import { Injectable } from '@nestjs/common';
import { MSG, AUDIT_ACTIONS, type AdminAuditEntry } from '@academy/contracts';
import { notFound } from '../../platform/errors/app-error';
import { normalizeEmail } from '../../platform/dto/email-address';
import { AUDIT_ENTITIES, AuditService } from '../../platform/audit/audit.service';
import type { AuditLog } from '../../platform/audit/entities/audit-log.entity';
import { filter, listParamsFor, parse, type ListResult, type ListSpec } from '../../platform/list/list-query';
import { toAdminAuditEntry } from '../common/mappers';

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

/** The audit log: read-only. */
@Injectable()
export class AdminAuditLogService {
  constructor(private readonly audit: AuditService) {}

  async list(query: Record<string, unknown>): Promise<ListResult<AdminAuditEntry>> {
    const params = listParamsFor(query, AUDIT_LIST);
    const res = await this.audit.listForAdmin(params, AUDIT_LIST);
    return { ...res, rows: res.rows.map(toAdminAuditEntry) };
  }

  async get(id: number): Promise<AdminAuditEntry> {
    const row = await this.audit.findById(id);
    if (!row) throw notFound(MSG.auditRowNotFound);
    return toAdminAuditEntry(row);
  }
}
