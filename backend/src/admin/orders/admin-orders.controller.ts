import { Readable } from 'node:stream';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { osloDate } from '../../platform/time/oslo-time';
import type { AdminOrder, AdminOrderDetail } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import { RecentSignIn } from '../../identity/totp/recent-sign-in.guard';
import type { User } from '../../identity/entities/user.entity';
import { sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { AdminOrdersService } from './admin-orders.service';
import { RefundOrderDto } from './dto/refund-order.dto';

@Controller('api/admin/orders')
@AdminOnly()
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminOrder[]> {
    const res = await this.orders.list(query);
    sendContentRange(reply, 'orders', res);
    return res.rows;
  }

  /** The filtered list as a CSV file for Excel (`;`, UTF-8 with BOM): every row, streamed as it is read. */
  @Get('export.csv')
  async exportCsv(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const chunks = await this.orders.exportCsv(query);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="ordrer-${osloDate(new Date())}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(chunks));
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminOrderDetail> {
    return this.orders.get(id);
  }

  /** 'Refunder': full (no amount) or partial (amount in øre), with a reason. Needs a recent sign-in. */
  @Post(':id/refund')
  @HttpCode(200)
  @RecentSignIn()
  refund(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: RefundOrderDto,
    @CurrentUser() actor: User,
  ): Promise<AdminOrderDetail> {
    return this.orders.refund(id, dto, actor);
  }
}
