import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@academy/contracts';
import { unauthenticated } from '../../platform/errors/app-error';
import { SessionCookie } from '../session-cookie';

/** 401 without a valid session. */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly cookie: SessionCookie) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const auth = await this.cookie.resolve(req);
    if (!auth) throw unauthenticated(MSG.unauthenticated);
    return true;
  }
}
