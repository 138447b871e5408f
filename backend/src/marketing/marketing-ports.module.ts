import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MARKETING_GATE, type MarketingGate } from '../outbox/marketing-gate';
import { mayReceiveMarketing } from './subscribers.service';

/**
 * What marketing provides to the modules below it, which declare what they need: the outbox
 * worker's "may this address get marketing now?" (mail/marketing-gate.ts), answered from the list.
 * It reads the list straight from the database, so the outbox (which marketing itself uses) does not
 * wait for marketing's services.
 */
@Global()
@Module({
  providers: [
    {
      provide: MARKETING_GATE,
      inject: [getDataSourceToken()],
      useFactory: (ds: DataSource): MarketingGate => ({ mayReceive: (email) => mayReceiveMarketing(ds.manager, email) }),
    },
  ],
  exports: [MARKETING_GATE],
})
export class MarketingPortsModule {}
