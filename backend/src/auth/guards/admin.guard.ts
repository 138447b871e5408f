import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../contracts';
import { forbidden, unauthenticated } from '../../common/app-error';
import { SessionsService } from '../sessions.service';

/** 401 without a session, 403 for anyone but an admin. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly sessions: SessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const auth = await this.sessions.resolve(req);
    if (!auth) throw unauthenticated(MSG.unauthenticated);
    if (auth.user.role !== 'admin') throw forbidden(MSG.forbidden);
    return true;
  }
}
