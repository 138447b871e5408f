import { Body, Controller, Get, Param, Patch, Put, Query, Res } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AdminLead } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { osloDate } from '../../platform/time/oslo-time';
import { parse, sendContentRange, singleParam } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { AdminLeadsService } from './admin-leads.service';
import { UpdateLeadDto } from './dto/update-lead.dto';

@Controller('api/admin/leads')
@AdminOnly()
export class AdminLeadsController {
  constructor(private readonly leads: AdminLeadsService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminLead[]> {
    const res = await this.leads.list(query);
    sendContentRange(reply, 'leads', res);
    return res.rows;
  }

  /**
   * The filtered list as a CSV file for Excel (`;`, UTF-8 with BOM); unsubscribed left out unless
   * includeUnsubscribed=true. Every row, streamed as it is read (no cap, no whole file in memory).
   */
  @Get('export.csv')
  async exportCsv(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const raw = singleParam(query, 'includeUnsubscribed');
    const includeUnsubscribed = raw === undefined ? false : parse.bool(raw, 'includeUnsubscribed');
    const chunks = await this.leads.exportCsv(query, includeUnsubscribed);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${osloDate(new Date())}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(chunks));
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminLead> {
    return this.leads.get(id);
  }

  @Put(':id')
  put(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateLeadDto, @CurrentUser() actor: User): Promise<AdminLead> {
    return this.leads.update(id, dto, actor);
  }

  @Patch(':id')
  patch(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateLeadDto, @CurrentUser() actor: User): Promise<AdminLead> {
    return this.leads.update(id, dto, actor);
  }
}
