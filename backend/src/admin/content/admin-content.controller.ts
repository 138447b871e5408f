import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, type AdminCourse, type AdminModule, type VideoUploadResponse } from '@academy/contracts';
import { recentlyAuthenticated } from '../../identity/totp/recent-sign-in.guard';
import { SessionCookie } from '../../identity/session-cookie';
import { AppError } from '../../platform/errors/app-error';
import { AdminOnly, CurrentUser } from '../../identity/current-user.decorator';
import type { User } from '../../identity/entities/user.entity';
import { sendContentRange } from '../../platform/list/list-query';
import { ParseIdPipe } from '../../platform/http/parse-id.pipe';
import { AdminContentService } from './admin-content.service';
import { CreateModuleDto, UpdateCourseDto, UpdateModuleDto } from './dto/admin-content.dto';

@Controller('api/admin/courses')
@AdminOnly()
export class AdminCoursesController {
  constructor(
    private readonly content: AdminContentService,
    private readonly cookie: SessionCookie,
  ) {}

  /**
   * A change of a course's MVA treatment is a money change: like refunds it needs a sign-in within
   * the last 15 minutes (401 REAUTH_REQUIRED otherwise); text edits do not.
   */
  private async requireRecentSignInForVat(req: FastifyRequest, dto: UpdateCourseDto): Promise<void> {
    if (dto.vatTreatment === undefined && dto.vatExemptOre === undefined) return;
    const auth = await this.cookie.resolve(req);
    if (!recentlyAuthenticated(auth?.authenticatedAt)) throw new AppError(401, 'REAUTH_REQUIRED', MSG.reauthRequired);
  }

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminCourse[]> {
    const res = await this.content.listCourses(query);
    sendContentRange(reply, 'courses', res);
    return res.rows;
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<AdminCourse> {
    return this.content.getCourse(id);
  }

  @Put(':id')
  async put(
    @Param('id') id: string,
    @Body() dto: UpdateCourseDto,
    @CurrentUser() actor: User,
    @Req() req: FastifyRequest,
  ): Promise<AdminCourse> {
    await this.requireRecentSignInForVat(req, dto);
    return this.content.updateCourse(id, dto, actor);
  }

  @Patch(':id')
  async patch(
    @Param('id') id: string,
    @Body() dto: UpdateCourseDto,
    @CurrentUser() actor: User,
    @Req() req: FastifyRequest,
  ): Promise<AdminCourse> {
    await this.requireRecentSignInForVat(req, dto);
    return this.content.updateCourse(id, dto, actor);
  }
}

@Controller('api/admin/modules')
@AdminOnly()
export class AdminModulesController {
  constructor(private readonly content: AdminContentService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminModule[]> {
    const res = await this.content.listModules(query);
    sendContentRange(reply, 'modules', res);
    return res.rows;
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<AdminModule> {
    return this.content.getModule(id);
  }

  @Post()
  @HttpCode(201)
  create(@Body() dto: CreateModuleDto, @CurrentUser() actor: User): Promise<AdminModule> {
    return this.content.createModule(dto, actor);
  }

  @Put(':id')
  put(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateModuleDto, @CurrentUser() actor: User): Promise<AdminModule> {
    return this.content.updateModule(id, dto, actor);
  }

  @Patch(':id')
  patch(@Param('id', ParseIdPipe) id: number, @Body() dto: UpdateModuleDto, @CurrentUser() actor: User): Promise<AdminModule> {
    return this.content.updateModule(id, dto, actor);
  }

  @Delete(':id')
  remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<AdminModule> {
    return this.content.deleteModule(id, actor);
  }

  /** "Last opp video": a Mux direct upload link for the browser (503 when Mux is not set up). */
  @Post(':id/video-upload')
  @HttpCode(201)
  videoUpload(@Param('id', ParseIdPipe) id: number, @CurrentUser() actor: User): Promise<VideoUploadResponse> {
    return this.content.startVideoUpload(id, actor);
  }
}
