import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MSG, isPlayerCourseId } from '@academy/contracts';
import { forbidden, notFound, unauthenticated } from '../platform/errors/app-error';
import { GrantsService } from './grants.service';
import { SessionCookie } from '../identity/session-cookie';

/**
 * Signed in, and owns the route's `:courseId` (starter is everyone's; admins see all).
 * Unknown course → 404, not owned → 403.
 */
@Injectable()
export class CourseOwnerGuard implements CanActivate {
  constructor(
    private readonly cookie: SessionCookie,
    private readonly grants: GrantsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest<{ Params: { courseId?: string } }>>();
    const auth = await this.cookie.resolve(req);
    if (!auth) throw unauthenticated(MSG.unauthenticated);
    const courseId = req.params?.courseId;
    if (!isPlayerCourseId(courseId)) throw notFound(MSG.unknownCourse);
    if (courseId === 'starter' || auth.user.role === 'admin') return true;
    if (!(await this.grants.owns(auth.user.id, courseId))) throw forbidden(MSG.courseNotOwned);
    return true;
  }
}

/** Signed in and owns the route's `:courseId`. */
export const OwnsCourse = () => applyDecorators(UseGuards(CourseOwnerGuard));
