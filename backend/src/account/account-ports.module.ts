import { Global, Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { UsersService } from '../identity/users.service';
import { ACCOUNT_LOOKUP, type AccountLookup } from '../leads/account-lookup';
import { LeadsModule } from '../leads/leads.module';
import { LeadsService } from '../leads/leads.service';
import { LEAD_FIRST_TOUCH, type LeadFirstTouch } from '../orders/first-touch.service';

/**
 * What the account module, which sees leads, identity and orders, provides to the modules below it,
 * which declare what they need; Nest wires it:
 * - to orders, the first touch of an address's earliest lead (DECISIONS "Attribution": the lead's
 *   first touch wins when an existing lead later buys; orders/first-touch.service.ts);
 * - to leads, the account of an address (a new lead is linked to it; leads/account-lookup.ts).
 */
@Global()
@Module({
  imports: [LeadsModule, IdentityModule],
  providers: [
    {
      provide: LEAD_FIRST_TOUCH,
      inject: [LeadsService],
      useFactory: (leads: LeadsService): LeadFirstTouch => ({ firstTouchOf: (email) => leads.firstTouchOf(email) }),
    },
    {
      provide: ACCOUNT_LOOKUP,
      inject: [UsersService],
      useFactory: (users: UsersService): AccountLookup => ({
        accountOf: (email) => users.idByEmail(email),
      }),
    },
  ],
  exports: [LEAD_FIRST_TOUCH, ACCOUNT_LOOKUP],
})
export class AccountPortsModule {}
