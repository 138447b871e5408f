import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AdminPartner, AdminPartnerDetail, AdminPartnerPayout, AdminPayoutDue } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import { RecentSignIn } from '../../identity/totp/recent-sign-in.guard';
import type { User } from '../../identity/entities/user.entity';
import { listParamsFor, sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { PartnerPayoutsService } from '../../partners/partner-payouts.service';
import { PARTNERS_LIST, PartnersService } from '../../partners/partners.service';
import { CreatePartnerDto, CreatePartnerPayoutDto } from './dto/partner.dto';

/** «Partnere»: the mentor's partners (affiliates) and their commission (every change audited). */
@Controller('api/admin/partners')
@AdminOnly()
export class AdminPartnersController {
  constructor(
    private readonly partners: PartnersService,
    private readonly payouts: PartnerPayoutsService,
  ) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminPartner[]> {
    const res = await this.partners.list(listParamsFor(query, PARTNERS_LIST));
    sendContentRange(reply, 'partners', res);
    return res.rows;
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminPartnerDetail> {
    return this.partners.get(id);
  }

  @Post()
  @HttpCode(201)
  @RecentSignIn()
  create(@Body() dto: CreatePartnerDto, @CurrentUser() actor: User): Promise<{ id: number }> {
    return this.partners.create(dto, actor);
  }

  /** «Marker som utbetalt»: pays every approved commission of the partner. */
  @Post(':id/payouts')
  @HttpCode(201)
  @RecentSignIn()
  payout(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: CreatePartnerPayoutDto,
    @CurrentUser() actor: User,
  ): Promise<AdminPartnerPayout> {
    return this.payouts.payout(id, dto, actor);
  }

  /** Erasure (GDPR Art. 17): at once, or at the payout when commission is still owed (the answer says which). */
  @Delete(':id')
  @RecentSignIn()
  erase(
    @Param('id', ParseIdPipe) id: number,
    @CurrentUser() actor: User,
  ): Promise<{ id: number; erased: boolean; message: string }> {
    return this.payouts.erase(id, actor).then((r) => ({ id, ...r }));
  }
}

/** «Utbetalinger»: approved commission waiting, per partner (the panel makes the bank's CSV of it). */
@Controller('api/admin/partner-payouts')
@AdminOnly()
export class AdminPartnerPayoutsController {
  constructor(private readonly partners: PartnersService) {}

  @Get()
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<AdminPayoutDue[]> {
    const rows = await this.partners.payoutsDue();
    sendContentRange(reply, 'partner-payouts', { rows, total: rows.length, start: 0 });
    return rows;
  }
}
