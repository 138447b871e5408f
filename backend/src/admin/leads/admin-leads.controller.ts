import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AdminLead, AdminLeadDeleted, AdminLeadsContacted } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { osloDate } from '../../platform/time/oslo-time';
import { parse, sendContentRange, singleParam } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { AdminLeadsService } from './admin-leads.service';
import { MarkLeadsContactedDto, UpdateLeadDto } from './dto/update-lead.dto';

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

  /** The list's bulk action: the chosen leads marked contacted (or not), one audit row per lead that changed. */
  @Post('contacted')
  @HttpCode(200)
  markContacted(@Body() dto: MarkLeadsContactedDto, @CurrentUser() actor: User): Promise<AdminLeadsContacted> {
    return this.leads.markContacted(dto.ids, dto.contacted, actor);
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

  /** Every lead of the lead's address, its funnel row, consent and mails (409 with `accountId` for a student's address). */
  @Delete(':id')
  delete(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminLeadDeleted> {
    return this.leads.delete(id, actor);
  }
}
