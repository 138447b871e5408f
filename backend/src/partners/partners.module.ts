import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity/identity.module';
import { OrdersModule } from '../orders/orders.module';
import { OutboxModule } from '../outbox/outbox.module';
import { AuditModule } from '../platform/audit/audit.module';
import { PartnerClick } from './entities/partner-click.entity';
import { PartnerCode } from './entities/partner-code.entity';
import { PartnerCommission } from './entities/partner-commission.entity';
import { PartnerPayout } from './entities/partner-payout.entity';
import { Partner } from './entities/partner.entity';
import { PartnerCommissionsListeners } from './partner-commissions.listeners';
import { PartnerFikenSource } from './partner-fiken';
import { PartnersController } from './partners.controller';
import { PartnerPageService } from './partner-page.service';
import { PartnerPayoutsService } from './partner-payouts.service';
import { PartnersService } from './partners.service';

/** Partners (affiliates): their codes, the commission ledger that follows the orders, payouts and clicks. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Partner, PartnerCode, PartnerCommission, PartnerPayout, PartnerClick]),
    AuditModule,
    IdentityModule,
    OrdersModule,
    OutboxModule,
  ],
  controllers: [PartnersController],
  providers: [PartnersService, PartnerPayoutsService, PartnerPageService, PartnerCommissionsListeners, PartnerFikenSource],
  exports: [PartnersService, PartnerPayoutsService],
})
export class PartnersModule {}
