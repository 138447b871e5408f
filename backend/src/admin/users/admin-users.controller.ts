import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AdminCreatedStudent, AdminGrant, AdminUser, AdminUserDetail } from '@academy/contracts';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import { RecentSignIn } from '../../identity/totp/recent-sign-in.guard';
import type { User } from '../../identity/entities/user.entity';
import { sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { AdminUsersService } from './admin-users.service';
import { CreateGrantDto, CreateStudentDto, ExtendMentorshipDto } from './dto/admin-users.dto';

@Controller('api/admin/users')
@AdminOnly()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminUser[]> {
    const res = await this.users.list(query);
    sendContentRange(reply, 'users', res);
    return res.rows;
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminUserDetail> {
    return this.users.get(id);
  }

  /** A passwordless student and a one-time sign-in link (7 days). 409 when the address has an account. Needs a recent sign-in. */
  @Post()
  @HttpCode(201)
  @RecentSignIn()
  create(@Body() dto: CreateStudentDto, @CurrentUser() actor: User): Promise<AdminCreatedStudent> {
    return this.users.createStudent(dto.email, actor);
  }

  /** Grants a course by hand (source manual). 409 ALREADY_OWNED when the student already has it. Needs a recent sign-in. */
  @Post(':id/grants')
  @HttpCode(201)
  @RecentSignIn()
  grant(@Param('id', ParseIdPipe) id: number, @Body() dto: CreateGrantDto, @CurrentUser() actor: User): Promise<AdminGrant> {
    return this.users.grant(id, dto.courseId, dto.note ?? null, actor);
  }
}

@Controller('api/admin/grants')
@AdminOnly()
export class AdminGrantsController {
  constructor(private readonly users: AdminUsersService) {}

  /** Revokes a grant (idempotent: an already revoked grant answers as it is). Needs a recent sign-in. */
  @Delete(':id')
  @RecentSignIn()
  revoke(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminGrant> {
    return this.users.revoke(id, actor);
  }

  /** Drip release: opens every module of this grant now (idempotent, audited once). Needs a recent sign-in. */
  @Post(':id/release')
  @HttpCode(200)
  @RecentSignIn()
  release(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminGrant> {
    return this.users.releaseEarly(id, actor);
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
    return this.users.extendMentorship(id, dto.days, actor);
  }
}
