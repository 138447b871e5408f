import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { CatalogModule } from '../catalog/catalog.module';
import { IdentityModule } from '../identity/identity.module';
import { OrdersModule } from '../orders/orders.module';
import { OutboxModule } from '../outbox/outbox.module';
import { AuditModule } from '../platform/audit/audit.module';
import { MembershipController } from './membership.controller';
import { MembershipRound } from './membership-round';
import { MembershipRenewalService } from './membership-renewal.service';
import { MembershipService } from './membership.service';

/** Memberships (VIP): the period on the dashboard, the reminder before it ends, the end of access. */
@Module({
  imports: [AuditModule, CatalogModule, IdentityModule, AccessModule, OrdersModule, OutboxModule],
  controllers: [MembershipController],
  providers: [MembershipService, MembershipRound, MembershipRenewalService],
  exports: [MembershipService, MembershipRenewalService],
})
export class MembershipModule {}
