import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module';
import { IdentityModule } from '../identity/identity.module';
import { OutboxModule } from '../outbox/outbox.module';
import { SecurityModule } from '../platform/security/security.module';
import { VippsLoginAttempt } from './entities/vipps-login-attempt.entity';
import { VippsLoginLink } from './entities/vipps-login-link.entity';
import { VippsAccountController, VippsLoginController } from './vipps-login.controller';
import { VippsLoginService } from './vipps-login.service';
import { VippsLoginSteps } from './vipps-login-steps.service';
import { VippsOidcClient } from './vipps-oidc.client';

/** «Logg inn med Vipps» (Vipps MobilePay's Login API): the accounts' Vipps identities and the sign-ins under way. */
@Module({
  imports: [
    TypeOrmModule.forFeature([VippsLoginLink, VippsLoginAttempt]),
    SecurityModule,
    IdentityModule,
    AccessModule,
    OutboxModule,
  ],
  controllers: [VippsLoginController, VippsAccountController],
  providers: [VippsLoginService, VippsLoginSteps, VippsOidcClient],
  exports: [VippsLoginService, VippsOidcClient],
})
export class VippsLoginModule {}
