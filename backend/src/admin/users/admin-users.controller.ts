import { Readable } from 'node:stream';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AdminCreatedStudent, AdminGrant, AdminUser, AdminUserDetail, BulkGrantResponse } from '@academy/contracts';
import { osloDate } from '../../platform/time/oslo-time';
import { AdminOnly, CurrentAuth, CurrentUser } from '../../identity/current-user.decorator';
import type { AuthContext } from '../../identity/auth.types';
import { RecentSignIn } from '../../identity/totp/recent-sign-in.guard';
import type { User } from '../../identity/entities/user.entity';
import { sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { RouteLimits, type RouteLimit } from '../../platform/security/route-policy';
import { AdminUserAccountsService } from './admin-user-accounts.service';
import { AdminUserGrantsService } from './admin-user-grants.service';
import { AdminUserSubscriptionService } from './admin-user-subscription.service';
import { AdminUsersService } from './admin-users.service';
import {
  BulkGrantDto,
  CreateGrantDto,
  CreateStudentDto,
  ExtendMembershipDto,
  ExtendMentorshipDto,
  UpdateStudentDto,
} from './dto/admin-users.dto';

/** «Stopp fornyelse» calls Stripe: counted per mentor account too (as many as writes), as the member's «Si opp». */
export const ADMIN_RENEWAL_LIMIT: RouteLimit = { name: 'admin-subscription', key: 'account', rate: 'writes' };

@Controller('api/admin/users')
@AdminOnly()
export class AdminUsersController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly accounts: AdminUserAccountsService,
    private readonly grants: AdminUserGrantsService,
    private readonly subscriptions: AdminUserSubscriptionService,
  ) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminUser[]> {
    const res = await this.users.list(query);
    sendContentRange(reply, 'users', res);
    return res.rows;
  }

  /** The filtered list, or the selected rows (`filter={"id":[…]}`), as a CSV file for Excel; every row, streamed. */
  @Get('export.csv')
  async exportCsv(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const chunks = await this.users.exportCsv(query);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="elever-${osloDate(new Date())}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(chunks));
  }

  /** One course to the selected students: each granted, audited and (unless notify is false) mailed. Needs a recent sign-in. */
  @Post('bulk-grant')
  @HttpCode(200)
  @RecentSignIn()
  bulkGrant(@Body() dto: BulkGrantDto, @CurrentUser() actor: User): Promise<BulkGrantResponse> {
    return this.grants.bulkGrant(dto.userIds, dto.courseId, dto.note ?? null, dto.notify ?? true, actor);
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminUserDetail> {
    return this.users.get(id);
  }

  /**
   * Name, notes and a new e-mail address (confirmed by the student through a mailed link, told to the
   * old address). Audited. A new address needs a recent sign-in (checked by the service: notes do not).
   */
  @Patch(':id')
  update(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateStudentDto,
    @CurrentAuth() auth: AuthContext,
  ): Promise<AdminUserDetail> {
    return this.accounts.update(id, dto, auth);
  }

  /** 'Send ny innloggingslenke': a new one-time link (7 days) by mail; older links stop working. Needs a recent sign-in. */
  @Post(':id/signin-link')
  @HttpCode(200)
  @RecentSignIn()
  signInLink(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<{ outboxId: number | null }> {
    return this.accounts.sendSignInLink(id, actor);
  }

  /** A passwordless student and a one-time sign-in link (7 days). 409 when the address has an account. Needs a recent sign-in. */
  @Post()
  @HttpCode(201)
  @RecentSignIn()
  create(@Body() dto: CreateStudentDto, @CurrentUser() actor: User): Promise<AdminCreatedStudent> {
    return this.accounts.createStudent(dto.email, actor);
  }

  /**
   * «Stopp fornyelse»: the student's VIP no longer renews (Stripe's cancel_at_period_end; the paid
   * period runs to its end), the student mailed as for «Si opp», audited. Needs a recent sign-in, as a refund.
   */
  @Post(':id/subscription/stop-renewal')
  @HttpCode(200)
  @RecentSignIn()
  @RouteLimits(ADMIN_RENEWAL_LIMIT)
  async stopRenewal(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminUserDetail> {
    await this.subscriptions.stopRenewal(id, actor);
    return this.users.get(id);
  }

  /** Grants a course by hand (source manual). 409 ALREADY_OWNED when the student already has it. Needs a recent sign-in. */
  @Post(':id/grants')
  @HttpCode(201)
  @RecentSignIn()
  grant(@Param('id', ParseIdPipe) id: number, @Body() dto: CreateGrantDto, @CurrentUser() actor: User): Promise<AdminGrant> {
    return this.grants.grant(id, dto.courseId, dto.note ?? null, actor, dto.notify ?? true);
  }
}

@Controller('api/admin/grants')
@AdminOnly()
export class AdminGrantsController {
  constructor(private readonly grants: AdminUserGrantsService) {}

  /** Revokes a grant (idempotent: an already revoked grant answers as it is). Needs a recent sign-in. */
  @Delete(':id')
  @RecentSignIn()
  revoke(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminGrant> {
    return this.grants.revoke(id, actor);
  }

  /** Drip release: opens every module of this grant now (idempotent, audited once). Needs a recent sign-in. */
  @Post(':id/release')
  @HttpCode(200)
  @RecentSignIn()
  release(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminGrant> {
    return this.grants.releaseEarly(id, actor);
  }

  /** Extends the grant's mentorship period by `days` (1–365), audited. Needs a recent sign-in. */
  @Post(':id/mentorship')
  @HttpCode(200)
  @RecentSignIn()
  extendMentorship(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: ExtendMentorshipDto,
    @CurrentUser() actor: User,
  ): Promise<AdminGrant> {
    return this.grants.extendMentorship(id, dto.days, actor);
  }

  /** Lengthens a VIP period by `days` (1–730), audited. Needs a recent sign-in. */
  @Post(':id/membership')
  @HttpCode(200)
  @RecentSignIn()
  extendMembership(
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: ExtendMembershipDto,
    @CurrentUser() actor: User,
  ): Promise<AdminGrant> {
    return this.grants.extendMembership(id, dto.days, actor);
  }

  /** Ends a VIP period now (the grant and what it included are revoked), audited. Needs a recent sign-in. */
  @Post(':id/membership/end')
  @HttpCode(200)
  @RecentSignIn()
  endMembership(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminGrant> {
    return this.grants.endMembership(id, actor);
  }
}
