import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AdminAuditEntry } from '@academy/contracts';
import { AdminOnly } from '../../identity/current-user.decorator';
import { sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { AdminAuditLogService } from './admin-audit-log.service';

@Controller('api/admin/audit-log')
@AdminOnly()
export class AdminAuditLogController {
  constructor(private readonly audit: AdminAuditLogService) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminAuditEntry[]> {
    const res = await this.audit.list(query);
    sendContentRange(reply, 'audit-log', res);
    return res.rows;
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminAuditEntry> {
    return this.audit.get(id);
  }
}
