import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { accountIdOfAddressSql, accountIdSql, accountVariantSql } from '../identity/account-conditions';
import { ACCOUNT_OF_ADDRESS, type AccountOfAddress } from '../leads/account-of-address';
import { ADDRESS_FACTS, type AddressFacts } from '../leads/address-facts';
import { LeadsModule } from '../leads/leads.module';
import { boughtSql, orderVariantSql, paidOrdersSql } from '../orders/order-conditions';
import { LeadsService } from '../leads/leads.service';
import { LEAD_FIRST_TOUCH, type LeadFirstTouch } from '../orders/checkout/first-touch.service';

/**
 * What the account module, which sees leads, identity and orders, provides to the modules below it,
 * which declare what they need; Nest wires it:
 * - to orders, the first touch of an address's earliest lead (docs/decisions.md "Attribution": the lead's
 *   first touch wins when an existing lead later buys; orders/first-touch.service.ts);
 * - to leads, identity's SQL for the account of an address, which the lead INSERT embeds (a new lead
 *   is linked to the account in the same statement; leads/account-of-address.ts);
 * - to leads, the SQL for an address's account, its variant and "bought", for the dashboard's funnel
 *   rows (leads/address-facts.ts).
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
    {
      provide: ACCOUNT_OF_ADDRESS,
      inject: [getDataSourceToken()],
      useFactory: (ds: DataSource): AccountOfAddress => ({ idSql: (quote) => accountIdOfAddressSql(ds, quote) }),
    },
    {
      provide: ADDRESS_FACTS,
      useValue: {
        accountId: accountIdSql,
        accountVariant: accountVariantSql,
        bought: boughtSql,
        orderVariant: orderVariantSql,
        paidOrders: paidOrdersSql,
      } satisfies AddressFacts,
    },
  ],
  exports: [LEAD_FIRST_TOUCH, ACCOUNT_OF_ADDRESS, ADDRESS_FACTS],
})
export class AccountPortsModule {}
