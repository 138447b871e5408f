import { Injectable } from '@nestjs/common';
import { MSG, type AdminAuditEntry } from '@academy/contracts';
import { notFound } from '../../platform/errors/app-error';
import { AUDIT_LIST, AuditService } from '../../platform/audit/audit.service';
import { listParamsFor, type ListResult } from '../../platform/list/list-query';
import { toAdminAuditEntry } from '../common/mappers';

/** The audit log: read-only. */
@Injectable()
export class AdminAuditLogService {
  constructor(private readonly audit: AuditService) {}

  async list(query: Record<string, unknown>): Promise<ListResult<AdminAuditEntry>> {
    const params = listParamsFor(query, AUDIT_LIST);
    const res = await this.audit.listForAdmin(params);
    return { ...res, rows: res.rows.map(toAdminAuditEntry) };
  }

  async get(id: number): Promise<AdminAuditEntry> {
    const row = await this.audit.findById(id);
    if (!row) throw notFound(MSG.auditRowNotFound);
    return toAdminAuditEntry(row);
  }
}
