import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { MSG } from '@academy/contracts';
import { unauthenticated } from '../../platform/errors/app-error';

/**
 * Runs passport-local; missing or wrong credentials all answer 401 'Ugyldig e-post eller passord'.
 * The strategy's own errors (a missing or wrong second factor) pass through as they are.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override handleRequest<TUser>(err: unknown, user: TUser, _info: unknown, _ctx: ExecutionContext): TUser {
    if (err) throw err;
    if (!user) throw unauthenticated(MSG.invalidCredentials, 'INVALID_CREDENTIALS');
    return user;
  }
}
