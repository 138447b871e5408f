import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import { MSG } from '@academy/contracts';
import { unauthenticated } from '../platform/errors/app-error';
import type { User } from './entities/user.entity';
import { AuthService } from './auth.service';
import { TotpService } from './totp/totp.service';

/**
 * E-mail and password (passport-local). Every failure is the same 401. Then, for an account with a
 * second factor, the `totp` field (a current code or a recovery code): 401 TOTP_REQUIRED without it,
 * TOTP_INVALID with a wrong one; no session opens either way.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(
    private readonly auth: AuthService,
    private readonly totp: TotpService,
  ) {
    super({ usernameField: 'email', passwordField: 'password', session: false, passReqToCallback: true });
  }

  async validate(req: FastifyRequest, email: string, password: string): Promise<User> {
    const user = await this.auth.validateCredentials(email, password);
    if (!user) throw unauthenticated(MSG.invalidCredentials, 'INVALID_CREDENTIALS');
    await this.totp.requireForSignIn(user.id, (req.body as { totp?: unknown } | undefined)?.totp);
    return user;
  }
}
