import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { MSG } from '../../contracts';
import { AppError, unauthenticated } from '../../common/app-error';

/** Runs passport-local; missing or wrong credentials all answer 401 'Ugyldig e-post eller passord'. */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override handleRequest<TUser>(err: unknown, user: TUser, _info: unknown, _ctx: ExecutionContext): TUser {
    if (err instanceof AppError && err.getStatus() !== 401) throw err;
    if (err && !(err instanceof AppError)) throw err;
    if (!user) throw unauthenticated(MSG.invalidCredentials, 'INVALID_CREDENTIALS');
    return user;
  }
}
