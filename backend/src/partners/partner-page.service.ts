import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { MSG, normalizeCampaignCode, type PartnerCodeInfo, type PartnerOverview } from '@academy/contracts';
import { forbidden, notFound } from '../platform/errors/app-error';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { Clock } from '../platform/time/clock';
import { osloDate } from '../platform/time/oslo-time';
import { statusAt } from './commission-rules';
import { PartnerClick } from './entities/partner-click.entity';
import { PartnerCode } from './entities/partner-code.entity';
import { PartnerCommission } from './entities/partner-commission.entity';
import { PartnerPayout } from './entities/partner-payout.entity';
import { Partner } from './entities/partner.entity';
import { iso, percentOf, totalsOf } from './partner-views';

/** What the storefront and the partner see: the name behind a code, clicks on links, the partner's own page. */
@Injectable()
export class PartnerPageService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The partner behind a code, for the checkout's «Rabattkode KODE fra …»; 404 when it is nobody's. */
  async byCode(raw: string): Promise<PartnerCodeInfo> {
    const found = await this.partnerOfCode(raw);
    if (!found?.partner.name) throw notFound(MSG.recordNotFound);
    return { code: found.code, partnerName: found.partner.name };
  }

  /** A click on a partner's link: one more on the partner's Oslo day, nothing about who clicked. */
  async recordClick(raw: string): Promise<string | null> {
    const found = await this.partnerOfCode(raw);
    if (!found) return null;
    const key = { partnerId: found.partner.id, day: osloDate(this.clock.now()) };
    const repo = this.ds.getRepository(PartnerClick);
    const bump = () => repo.increment(key, 'clicks', 1);
    if (!(await bump()).affected) {
      try {
        await repo.insert({ ...key, clicks: 1 });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        await bump();
      }
    }
    return found.code;
  }

  /** GET /api/partner/overview: the signed-in partner's orders (no buyer's name or address), totals, clicks and payouts. */
  async overview(userId: number): Promise<PartnerOverview> {
    const partner = await this.ds.getRepository(Partner).findOneBy({ userId, erasedAt: IsNull() });
    if (!partner) throw forbidden(MSG.partnerOnly);
    const now = this.clock.now();
    const [codes, commissions, payouts, clicks] = await Promise.all([
      this.ds.getRepository(PartnerCode).find({ where: { partnerId: partner.id }, order: { code: 'ASC' } }),
      this.ds.getRepository(PartnerCommission).find({ where: { partnerId: partner.id }, order: { id: 'DESC' }, take: 500 }),
      this.ds.getRepository(PartnerPayout).find({ where: { partnerId: partner.id }, order: { id: 'DESC' } }),
      this.ds.getRepository(PartnerClick).find({ where: { partnerId: partner.id }, order: { day: 'DESC' }, take: 90 }),
    ]);
    return {
      name: partner.name ?? '',
      codes: codes.map((c) => c.code),
      commissionPercent: percentOf(partner),
      commissionOre: partner.commissionOre,
      includeRenewals: !!partner.includeRenewals,
      totals: totalsOf(commissions, now),
      clicksPerDay: clicks.map((c) => ({ day: c.day, clicks: c.clicks })),
      orders: commissions.map((c) => ({
        orderId: c.orderId,
        courseId: c.courseId,
        date: iso(c.createdAt)!,
        amountOre: c.baseOre,
        commissionOre: c.amountOre,
        status: statusAt(c, now),
      })),
      payouts: payouts.map((p) => ({ id: p.id, paidAt: p.paidOn, reference: p.reference, totalOre: p.totalOre })),
    };
  }

  private async partnerOfCode(raw: string): Promise<{ code: string; partner: Partner } | null> {
    const code = normalizeCampaignCode(raw);
    const owned = await this.ds.getRepository(PartnerCode).findOneBy({ code });
    if (!owned) return null;
    const partner = await this.ds.getRepository(Partner).findOneBy({ id: owned.partnerId, erasedAt: IsNull() });
    return partner ? { code, partner } : null;
  }
}
