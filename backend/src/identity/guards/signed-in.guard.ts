import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@academy/contracts';
import { unauthenticated } from '../../platform/errors/app-error';
import { SessionsService } from '../sessions.service';

/** 401 without a valid session. */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly sessions: SessionsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const auth = await this.sessions.resolve(req);
    if (!auth) throw unauthenticated(MSG.unauthenticated);
    return true;
  }
}
