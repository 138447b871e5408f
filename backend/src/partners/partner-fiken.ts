import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { FikenPayout, FikenPayoutSource } from '../orders/fiken/fiken-purchase';
import { FikenPostingWorker } from '../orders/fiken/fiken-posting.worker';
import { PartnerPayout } from './entities/partner-payout.entity';
import { Partner } from './entities/partner.entity';

/**
 * The partners' side of posting payouts to Fiken as purchases (docs/decisions.md "Partners"): the
 * worker reads a payout and its partner here and keeps the partner's supplier contact id here.
 */
@Injectable()
export class PartnerFikenSource implements FikenPayoutSource, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly worker: FikenPostingWorker,
  ) {}

  onModuleInit(): void {
    this.worker.usePayouts(this);
  }

  async payout(payoutId: number): Promise<FikenPayout> {
    const payout = await this.ds.getRepository(PartnerPayout).findOneByOrFail({ id: payoutId });
    const partner = await this.ds.getRepository(Partner).findOneByOrFail({ id: payout.partnerId });
    return {
      id: payout.id,
      paidOn: payout.paidOn,
      reference: payout.reference,
      totalOre: payout.totalOre,
      commissions: payout.commissions,
      partner: { id: partner.id, name: partner.name, email: partner.email, fikenContactId: partner.fikenContactId },
    };
  }

  async keepContactId(partnerId: number, contactId: string): Promise<void> {
    await this.ds.getRepository(Partner).update({ id: partnerId }, { fikenContactId: contactId });
  }
}
