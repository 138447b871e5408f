import { Global, Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { GrantsService } from '../courses/grants.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CreateUserController } from './create-user.controller';
import { CreateUserService } from './create-user.service';
import { AdminGuard } from './guards/admin.guard';
import { CourseOwnerGuard } from './guards/course-owner.guard';
import { LocalAuthGuard } from './guards/local-auth.guard';
import { LoginThrottleGuard } from './guards/login-throttle.guard';
import { SignedInGuard } from './guards/signed-in.guard';
import { LocalStrategy } from './local.strategy';
import { LoginTokensService } from './login-tokens.service';
import { SessionsService } from './sessions.service';
import { RecentSignInGuard } from './totp/recent-sign-in.guard';
import { SecondFactorThrottle } from './totp/second-factor-throttle';
import { TotpController } from './totp/totp.controller';
import { TotpService } from './totp/totp.service';
import { TwoFactorService } from './totp/two-factor.service';

@Global()
@Module({
  imports: [PassportModule.register({ session: false })],
  controllers: [AuthController, CreateUserController, TotpController],
  providers: [
    AuthService,
    SessionsService,
    LoginTokensService,
    CreateUserService,
    LocalStrategy,
    LocalAuthGuard,
    LoginThrottleGuard,
    SignedInGuard,
    AdminGuard,
    CourseOwnerGuard,
    GrantsService,
    TotpService,
    TwoFactorService,
    SecondFactorThrottle,
    RecentSignInGuard,
  ],
  exports: [
    AuthService,
    SessionsService,
    LoginTokensService,
    CreateUserService,
    SignedInGuard,
    AdminGuard,
    CourseOwnerGuard,
    GrantsService,
    TotpService,
    RecentSignInGuard,
  ],
})
export class AuthModule {}
