import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MSG, REAUTH_WINDOW_MINUTES } from '@academy/contracts';
import { AppError, unauthenticated } from '../../platform/errors/app-error';
import { SessionCookie } from '../session-cookie';

export const REAUTH_WINDOW_MS = REAUTH_WINDOW_MINUTES * 60_000;

/** True when the session's last full authentication is at most 15 minutes old. */
export function recentlyAuthenticated(authenticatedAt: Date | null | undefined, now = Date.now()): boolean {
  return !!authenticatedAt && now - authenticatedAt.getTime() <= REAUTH_WINDOW_MS;
}

/**
 * Money and access changes (refunds, grants, revokes) need a sign-in within the last 15 minutes:
 * otherwise 401 REAUTH_REQUIRED, and POST /api/auth/reauth renews it. Use after the admin guard.
 */
@Injectable()
export class RecentSignInGuard implements CanActivate {
  constructor(private readonly cookie: SessionCookie) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const auth = await this.cookie.resolve(req);
    if (!auth) throw unauthenticated(MSG.unauthenticated);
    if (!recentlyAuthenticated(auth.authenticatedAt)) throw new AppError(401, 'REAUTH_REQUIRED', MSG.reauthRequired);
    return true;
  }
}

export const RecentSignIn = () => applyDecorators(UseGuards(RecentSignInGuard));
