import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@academy/contracts';
import { forbidden, unauthenticated } from '../../platform/errors/app-error';
import { reauthRequired } from '../totp/recent-sign-in.guard';
import { SessionCookie } from '../session-cookie';
import { TotpService } from '../totp/totp.service';

/**
 * 401 without a session, 403 for anyone but an admin. Where admins must have a second factor
 * (ADMIN_2FA required) and this one has none yet: 403 TOTP_ENROLMENT_REQUIRED. An admin with a
 * second factor whose session was opened by a link (no password and code): 401 REAUTH_REQUIRED.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly cookie: SessionCookie,
    private readonly totp: TotpService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const auth = await this.cookie.resolve(req);
    if (!auth) throw unauthenticated(MSG.unauthenticated);
    if (auth.user.role !== 'admin') throw forbidden(MSG.forbidden);
    const enrolled = await this.totp.isEnabled(auth.user.id);
    if (!enrolled && this.totp.requiredFor(auth.user)) throw forbidden(MSG.totpEnrolmentRequired, 'TOTP_ENROLMENT_REQUIRED');
    if (enrolled && !auth.authenticatedAt) throw reauthRequired(null);
    return true;
  }
}
