import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AdminCampaignCode, AdminCampaignCodeOrder } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import { RecentSignIn } from '../../identity/totp/recent-sign-in.guard';
import type { User } from '../../identity/entities/user.entity';
import { sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { AdminCampaignCodesService } from './admin-campaign-codes.service';
import { CreateCampaignCodeDto, UpdateCampaignCodeDto } from './dto/campaign-code.dto';

/** The mentor's campaign codes (ra-data-simple-rest; every change audited). */
@Controller('api/admin/campaign-codes')
@AdminOnly()
export class AdminCampaignCodesController {
  constructor(private readonly codes: AdminCampaignCodesService) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminCampaignCode[]> {
    const res = await this.codes.list(query);
    sendContentRange(reply, 'campaign-codes', res);
    return res.rows;
  }

  @Get(':id/orders')
  orders(@Param('id', ParseIdPipe) id: number): Promise<AdminCampaignCodeOrder[]> {
    return this.codes.ordersOf(id);
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminCampaignCode> {
    return this.codes.get(id);
  }

  @Post()
  @HttpCode(201)
  @RecentSignIn()
  create(@Body() dto: CreateCampaignCodeDto, @CurrentUser() actor: User): Promise<AdminCampaignCode> {
    return this.codes.create(dto, actor);
  }

  @Put(':id')
  @RecentSignIn()
  put(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateCampaignCodeDto,
    @CurrentUser() actor: User,
  ): Promise<AdminCampaignCode> {
    return this.codes.update(id, dto, actor);
  }

  @Patch(':id')
  @RecentSignIn()
  patch(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateCampaignCodeDto,
    @CurrentUser() actor: User,
  ): Promise<AdminCampaignCode> {
    return this.codes.update(id, dto, actor);
  }

  @Delete(':id')
  @RecentSignIn()
  remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminCampaignCode> {
    return this.codes.remove(id, actor);
  }
}
