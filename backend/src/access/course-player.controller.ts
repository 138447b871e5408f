import { Controller, Get, Header, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { CourseContentResponse } from '@academy/contracts';
import { SessionCookie } from '../identity/session-cookie';
import { CoursePlayerService } from './course-player.service';

@Controller('api/courses')
export class CoursePlayerController {
  constructor(
    private readonly player: CoursePlayerService,
    private readonly cookie: SessionCookie,
  ) {}

  /** Starter for anyone; other courses for their owners and admins. */
  @Get(':courseId')
  @Header('cache-control', 'private, no-store')
  async get(@Param('courseId') courseId: string, @Req() req: FastifyRequest): Promise<CourseContentResponse> {
    const auth = await this.cookie.resolve(req);
    return this.player.forViewer(courseId, auth?.user ?? null);
  }
}
