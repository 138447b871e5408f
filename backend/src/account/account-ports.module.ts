import { Global, Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { LeadsService } from '../leads/leads.service';
import { LEAD_FIRST_TOUCH, type LeadFirstTouch } from '../orders/first-touch.service';

/**
 * What the account module, which sees both leads and orders, provides to orders: the first touch of
 * an address's earliest lead (DECISIONS "Attribution": the lead's first touch wins when an existing
 * lead later buys). Orders declare what they need (orders/first-touch.service.ts); Nest wires it.
 */
@Global()
@Module({
  imports: [LeadsModule],
  providers: [
    {
      provide: LEAD_FIRST_TOUCH,
      inject: [LeadsService],
      useFactory: (leads: LeadsService): LeadFirstTouch => ({ firstTouchOf: (email) => leads.firstTouchOf(email) }),
    },
  ],
  exports: [LEAD_FIRST_TOUCH],
})
export class AccountPortsModule {}
