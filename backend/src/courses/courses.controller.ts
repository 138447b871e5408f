import { Controller, Get, Header, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { CourseContentResponse } from '@academy/contracts';
import { CoursesService } from './courses.service';

@Controller('api/courses')
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  /** Starter for anyone; other courses for their owners and admins. */
  @Get(':courseId')
  @Header('cache-control', 'private, no-store')
  get(@Param('courseId') courseId: string, @Req() req: FastifyRequest): Promise<CourseContentResponse> {
    return this.courses.forViewer(courseId, req);
  }
}
