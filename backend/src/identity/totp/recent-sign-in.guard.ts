import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MSG, REAUTH_WINDOW_MINUTES, type ReauthReason } from '@academy/contracts';
import { AppError, unauthenticated } from '../../platform/errors/app-error';
import { SessionCookie } from '../session-cookie';

export const REAUTH_WINDOW_MS = REAUTH_WINDOW_MINUTES * 60_000;

/** True when the session's last full authentication is at most 15 minutes old. */
export function recentlyAuthenticated(authenticatedAt: Date | null | undefined, now = Date.now()): boolean {
  return !!authenticatedAt && now - authenticatedAt.getTime() <= REAUTH_WINDOW_MS;
}

/**
 * 401 REAUTH_REQUIRED, saying why (`reason`): a session opened by a mailed link or a reset has never had
 * the password typed (`link`); another one was signed in more than 15 minutes ago (`expired`). The page
 * asking for the password says the one that is true.
 */
export function reauthRequired(authenticatedAt: Date | null | undefined): AppError {
  const reason: ReauthReason = authenticatedAt ? 'expired' : 'link';
  return new AppError(401, 'REAUTH_REQUIRED', reason === 'link' ? MSG.reauthAfterLink : MSG.reauthRequired, { reason });
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
    if (!recentlyAuthenticated(auth.authenticatedAt)) throw reauthRequired(auth.authenticatedAt);
    return true;
  }
}

export const RecentSignIn = () => applyDecorators(UseGuards(RecentSignInGuard));
