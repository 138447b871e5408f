import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { MSG } from '../contracts';
import { unauthenticated } from '../common/app-error';
import type { User } from '../users/entities/user.entity';
import { AuthService } from './auth.service';

/** E-mail and password (passport-local). Every failure is the same 401. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', session: false });
  }

  async validate(email: string, password: string): Promise<User> {
    const user = await this.auth.validateCredentials(email, password);
    if (!user) throw unauthenticated(MSG.invalidCredentials, 'INVALID_CREDENTIALS');
    return user;
  }
}
