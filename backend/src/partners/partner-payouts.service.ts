import { Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MSG, type AdminPartnerPayout, type PartnerExport } from '@academy/contracts';
import { queueFikenPurchase } from '../orders/fiken/fiken-queue';
import { OutboxService } from '../outbox/outbox.service';
import { mailBrand } from '../outbox/mail-layout';
import { formatNok, formatOsloDate } from '../outbox/mail-format';
import { AuditService, type AuditActor } from '../platform/audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { conflict, notFound } from '../platform/errors/app-error';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../platform/personal-data';
import { Clock } from '../platform/time/clock';
import { statusAt } from './commission-rules';
import { PartnerCode } from './entities/partner-code.entity';
import { PartnerCommission } from './entities/partner-commission.entity';
import { PartnerPayout } from './entities/partner-payout.entity';
import { Partner } from './entities/partner.entity';
import { partnerPayoutMail } from './partner-mail';
import { iso, percentOf, toPayout } from './partner-views';
import { PARTNER_PAGE } from './partners.service';

/**
 * Payouts and erasure of partners, and the partner's part of the account's export and erasure
 * (docs/decisions.md "Partners": a partner owed commission is erased at the payout that settles it).
 */
@OwnsPersonalData({
  name: 'partners',
  sections: ['partner'],
  tables: ['partners', 'partner_codes', 'partner_commissions', 'partner_payouts', 'partner_clicks'],
  eraseOrder: ERASURE_ORDER.partners,
})
export class PartnerPayoutsService implements PersonalDataOwner {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  /**
   * «Marker som utbetalt»: every approved commission of the partner becomes paid, in one payout with the
   * bank's date and reference (a conditional UPDATE: two clicks at once pay each commission once), the
   * settlement is mailed to the partner, and a partner waiting for erasure is erased when nothing is owed.
   */
  async payout(id: number, input: { paidAt: string; reference: string }, actor: AuditActor): Promise<AdminPartnerPayout> {
    const now = this.clock.now();
    return this.ds.transaction(async (m) => {
      const partner = await m.findOneBy(Partner, { id });
      if (!partner) throw notFound(MSG.recordNotFound);
      const payout = await m.save(
        m.create(PartnerPayout, {
          partnerId: id,
          paidOn: input.paidAt,
          reference: input.reference.trim(),
          totalOre: 0,
          commissions: 0,
          createdBy: actor?.id ?? null,
          createdAt: now,
        }),
      );
      const res = await m
        .createQueryBuilder()
        .update(PartnerCommission)
        .set({ status: 'paid', payoutId: payout.id, updatedAt: now })
        .where('partnerId = :id AND status = :pending AND payoutId IS NULL AND approvesAt <= :now', {
          id,
          pending: 'pending',
          now,
        })
        .execute();
      if (!res.affected) throw conflict(MSG.partnerNothingToPay);
      const paid = await m.find(PartnerCommission, { where: { payoutId: payout.id }, order: { id: 'ASC' } });
      payout.totalOre = paid.reduce((s, c) => s + c.amountOre, 0);
      payout.commissions = paid.length;
      await m.update(PartnerPayout, { id: payout.id }, { totalOre: payout.totalOre, commissions: payout.commissions });
      await this.audit.record(
        m,
        actor,
        {
          action: 'partner.payout',
          entity: 'partner',
          entityId: id,
          before: null,
          after: {
            payoutId: payout.id,
            paidAt: payout.paidOn,
            reference: payout.reference,
            totalOre: payout.totalOre,
            orderIds: paid.map((c) => c.orderId),
          },
        },
        now,
      );
      if (partner.email && partner.name) {
        const mail = partnerPayoutMail(mailBrand(this.cfg), {
          name: partner.name,
          paidOn: formatOsloDate(new Date(`${payout.paidOn}T12:00:00Z`)),
          reference: payout.reference,
          totalOre: payout.totalOre,
          orders: paid.map((c) => [`Ordre ${c.orderId} (${c.courseId})`, formatNok(c.amountOre)]),
          pageUrl: `${this.cfg.publicUrl}${PARTNER_PAGE}`,
        });
        await this.outbox.enqueue(
          {
            ...mail,
            kind: 'partner_payout',
            to: partner.email,
            userId: partner.userId,
            dedupeKey: `partner-payout:${payout.id}`,
          },
          m,
        );
      }
      // With Fiken set up, the payout is booked there as a purchase (docs/decisions.md "Partners").
      if (this.cfg.fiken) await queueFikenPurchase(m, payout.id, now);
      if (partner.eraseAfterPayout && !(await this.owes(m, id))) await this.eraseRow(m, partner, actor, now);
      return toPayout(payout);
    });
  }

  /**
   * The mentor erases a partner (GDPR Art. 17): name, address and account link go, the ledger stays for
   * the books. With commission not yet paid out, the partner is erased at the payout that settles it.
   */
  async erase(id: number, actor: AuditActor): Promise<{ erased: boolean; message: string }> {
    const now = this.clock.now();
    return this.ds.transaction(async (m) => {
      const partner = await m.findOneBy(Partner, { id });
      if (!partner) throw notFound(MSG.recordNotFound);
      if (partner.erasedAt) return { erased: true, message: MSG.partnerErased };
      const owed = await this.owes(m, id);
      if (owed > 0) {
        await m.update(Partner, { id }, { eraseAfterPayout: true, updatedAt: now });
        await this.audit.record(
          m,
          actor,
          { action: 'partner.erase_requested', entity: 'partner', entityId: id, before: null, after: { owedOre: owed } },
          now,
        );
        return { erased: false, message: MSG.partnerEraseAfterPayout(formatNok(owed)) };
      }
      await this.eraseRow(m, partner, actor, now);
      return { erased: true, message: MSG.partnerErased };
    });
  }

  // ---- personal data (the account's export and erasure)

  async exportFor({ userId }: DataSubject, m: EntityManager): Promise<{ partner: PartnerExport | null }> {
    const partner = await m.findOneBy(Partner, { userId });
    if (!partner) return { partner: null };
    const now = this.clock.now();
    const codes = await m.find(PartnerCode, { where: { partnerId: partner.id } });
    const commissions = await m.find(PartnerCommission, { where: { partnerId: partner.id }, order: { id: 'ASC' } });
    const payouts = await m.find(PartnerPayout, { where: { partnerId: partner.id }, order: { id: 'ASC' } });
    return {
      partner: {
        name: partner.name,
        email: partner.email,
        commissionPercent: percentOf(partner),
        commissionOre: partner.commissionOre,
        includeRenewals: !!partner.includeRenewals,
        codes: codes.map((c) => c.code),
        createdAt: iso(partner.createdAt)!,
        commissions: commissions.map((c) => ({
          orderId: c.orderId,
          amountOre: c.amountOre,
          status: statusAt(c, now),
          createdAt: iso(c.createdAt)!,
        })),
        payouts: payouts.map((p) => ({ paidAt: p.paidOn, reference: p.reference, totalOre: p.totalOre })),
      },
    };
  }

  /**
   * The account is erased: a partner owed nothing is erased with it; one still owed keeps name and
   * address until the payout (the money is theirs, and bokføringsloven wants the payee on the voucher),
   * detached from the account, and is erased by that payout.
   */
  async eraseFor({ userId }: DataSubject, m: EntityManager, now: Date): Promise<Record<string, number>> {
    const partners = await m.findBy(Partner, { userId });
    let erased = 0;
    let waiting = 0;
    for (const partner of partners) {
      if (partner.erasedAt) continue;
      if ((await this.owes(m, partner.id)) > 0) {
        await m.update(Partner, { id: partner.id }, { userId: null, eraseAfterPayout: true, updatedAt: now });
        waiting++;
      } else {
        await this.eraseRow(m, partner, null, now);
        erased++;
      }
    }
    return { partnersErased: erased, partnersErasedAfterPayout: waiting };
  }

  /** What the partner is still owed or may be: pending and approved commission not paid out (øre). */
  private async owes(m: EntityManager, partnerId: number): Promise<number> {
    const rows = await m.find(PartnerCommission, { where: { partnerId, status: 'pending' }, select: { amountOre: true } });
    return rows.reduce((s, r) => s + r.amountOre, 0);
  }

  private async eraseRow(m: EntityManager, partner: Partner, actor: AuditActor, now: Date): Promise<void> {
    await m.update(
      Partner,
      { id: partner.id },
      { name: null, email: null, userId: null, erasedAt: now, eraseAfterPayout: false, updatedAt: now },
    );
    // The codes stop naming anyone (they stay campaign codes); clicks are counts with nobody in them.
    await m.delete(PartnerCode, { partnerId: partner.id });
    await this.audit.record(
      m,
      actor,
      { action: 'partner.erase', entity: 'partner', entityId: partner.id, before: null, after: { erasedAt: now } },
      now,
    );
  }
}
