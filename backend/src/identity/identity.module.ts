import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityModule } from '../platform/security/security.module';
import { AdminSeedService } from './admin-seed.service';
import { AuthService } from './auth.service';
import { LoginToken } from './entities/login-token.entity';
import { Session } from './entities/session.entity';
import { User } from './entities/user.entity';
import { AdminGuard } from './guards/admin.guard';
import { LocalAuthGuard } from './guards/local-auth.guard';
import { SignedInGuard } from './guards/signed-in.guard';
import { LocalStrategy } from './local.strategy';
import { LoginTokensService } from './login-tokens.service';
import { SessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';
import { TotpRecoveryCode } from './totp/entities/totp-recovery-code.entity';
import { UserTotp } from './totp/entities/user-totp.entity';
import { RecentSignInGuard } from './totp/recent-sign-in.guard';
import { TotpController } from './totp/totp.controller';
import { TotpService } from './totp/totp.service';
import { TwoFactorService } from './totp/two-factor.service';
import { IdentityPersonalData } from './identity-personal-data.service';
import { UserReader } from './user-reader.service';
import { UserWriter } from './user-writer.service';

/** Who someone is: accounts, sessions, one-time sign-in links, passwords and the second factor. */
@Module({
  imports: [
    PassportModule.register({ session: false }),
    TypeOrmModule.forFeature([User, Session, LoginToken, UserTotp, TotpRecoveryCode]),
    SecurityModule,
  ],
  controllers: [TotpController],
  providers: [
    AdminSeedService,
    AuthService,
    UserReader,
    UserWriter,
    IdentityPersonalData,
    SessionsService,
    SessionCookie,
    LoginTokensService,
    LocalStrategy,
    LocalAuthGuard,
    SignedInGuard,
    AdminGuard,
    TotpService,
    TwoFactorService,
    RecentSignInGuard,
  ],
  exports: [
    AuthService,
    UserReader,
    UserWriter,
    SessionsService,
    SessionCookie,
    LoginTokensService,
    SignedInGuard,
    AdminGuard,
    LocalAuthGuard,
    TotpService,
    RecentSignInGuard,
  ],
})
export class IdentityModule {}
