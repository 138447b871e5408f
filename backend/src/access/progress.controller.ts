import { Body, Controller, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { ProgressResponse } from '@academy/contracts';
import { CurrentUser } from '../identity/current-user.decorator';
import { OwnsCourse } from './course-owner.guard';
import type { User } from '../identity/entities/user.entity';
import { SetCurrentModuleDto } from './dto/set-current-module.dto';
import { ModuleIdParam } from './module-id.param';
import { ProgressService } from './progress.service';

/** The signed-in student's own progress; the guard checks the session and ownership of `:courseId`. */
@Controller('api/progress/:courseId')
@OwnsCourse()
export class ProgressController {
  constructor(private readonly progress: ProgressService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  get(@CurrentUser() user: User, @Param('courseId') courseId: string): Promise<ProgressResponse> {
    return this.progress.get(user, courseId);
  }

  @Post('modules/:moduleId/complete')
  @HttpCode(200)
  complete(
    @CurrentUser() user: User,
    @Param('courseId') courseId: string,
    @ModuleIdParam() moduleId: number,
  ): Promise<ProgressResponse> {
    return this.progress.complete(user, courseId, moduleId);
  }

  @Put('current')
  setCurrent(
    @CurrentUser() user: User,
    @Param('courseId') courseId: string,
    @Body() dto: SetCurrentModuleDto,
  ): Promise<ProgressResponse> {
    return this.progress.setCurrent(user, courseId, dto.currentModule);
  }
}
