import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, LessThanOrEqual } from 'typeorm';
import {
  MSG,
  normalizeCampaignCode,
  type AdminPartner,
  type AdminPartnerCommission,
  type AdminPartnerDetail,
  type AdminPayoutDue,
} from '@academy/contracts';
import { LoginTokensService } from '../identity/login-tokens.service';
import { oneTimeLink } from '../identity/one-time-link';
import { UserReader } from '../identity/user-reader.service';
import { UserWriter } from '../identity/user-writer.service';
import { CampaignCodesService } from '../orders/pricing/campaign-codes.service';
import { OutboxService } from '../outbox/outbox.service';
import { mailBrand } from '../outbox/mail-layout';
import { formatNok } from '../outbox/mail-format';
import { AuditService, type AuditActor } from '../platform/audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { badRequest, conflict, notFound } from '../platform/errors/app-error';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { filter, runList, type ListParams, type ListResult, type ListSpec } from '../platform/list/list-query';
import { Clock } from '../platform/time/clock';
import { percentToBp, statusAt } from './commission-rules';
import { PartnerClick } from './entities/partner-click.entity';
import { PartnerCode } from './entities/partner-code.entity';
import { PartnerCommission } from './entities/partner-commission.entity';
import { PartnerPayout } from './entities/partner-payout.entity';
import { Partner } from './entities/partner.entity';
import { partnerWelcomeMail } from './partner-mail';
import { iso, percentOf, toPayout, totalsOf } from './partner-views';

/** The partner's sign-in link in the welcome mail (as the mentor's «Send ny innloggingslenke»). */
export const PARTNER_LINK_TTL_MS = 7 * 86_400_000;
/** The partner's page on the storefront. */
export const PARTNER_PAGE = '/partner';

export interface NewPartner {
  name: string;
  email: string;
  commissionPercent?: number;
  commissionOre?: number;
  codes: string[];
  includeRenewals?: boolean;
}

/** The admin panel's partner list (alias `partner`). */
export const PARTNERS_LIST: ListSpec<Partner> = {
  sort: { id: 'partner.id', name: 'partner.name', createdAt: 'partner.createdAt' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    id: filter.ids('partner.id'),
    q: filter.search(['partner.name', 'partner.email']),
  },
};

/**
 * Partners (affiliates) in the mentor's panel: adding one (with the welcome mail and its sign-in link),
 * the list, the record with its ledger, and what is due (docs/decisions.md "Partners"). The ledger is
 * written by PartnerCommissionsListeners, payouts and erasure by PartnerPayoutsService.
 */
@Injectable()
export class PartnersService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly codes: CampaignCodesService,
    private readonly users: UserReader,
    private readonly userWriter: UserWriter,
    private readonly tokens: LoginTokensService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  // ---- the mentor's panel

  async create(input: NewPartner, actor: AuditActor): Promise<{ id: number }> {
    const name = input.name.trim();
    const email = input.email;
    const hasPercent = input.commissionPercent !== undefined && input.commissionPercent !== null;
    const hasOre = input.commissionOre !== undefined && input.commissionOre !== null;
    if (hasPercent === hasOre) throw badRequest(MSG.partnerCommission, 'VALIDATION_FAILED');
    const commissionBp = hasPercent ? percentToBp(input.commissionPercent!) : null;
    if (hasPercent && commissionBp === null) throw badRequest(MSG.partnerCommission, 'VALIDATION_FAILED');
    const codes = [...new Set(input.codes.map(normalizeCampaignCode))];
    if (codes.length === 0) throw badRequest(MSG.partnerCodes, 'VALIDATION_FAILED');
    const now = this.clock.now();
    return this.ds.transaction(async (m) => {
      for (const code of codes) {
        if (!(await this.codes.exists(code, m))) throw badRequest(MSG.partnerCodeUnknown(code), 'VALIDATION_FAILED');
        if (await m.existsBy(PartnerCode, { code })) throw conflict(MSG.partnerCodeTaken(code));
      }
      const user = (await this.users.findByEmail(email)) ?? (await this.userWriter.createStudent(email, now, m));
      if (!user) throw conflict(MSG.partnerCodeTaken(codes[0]));
      if (await m.existsBy(Partner, { userId: user.id, erasedAt: IsNull() })) throw conflict(MSG.partnerExists);
      const partner = await m.save(
        m.create(Partner, {
          userId: user.id,
          name,
          email: user.email,
          commissionBp,
          commissionOre: hasOre ? input.commissionOre! : null,
          includeRenewals: !!input.includeRenewals,
          createdAt: now,
          updatedAt: now,
          erasedAt: null,
          eraseAfterPayout: false,
        }),
      );
      try {
        await m.insert(
          PartnerCode,
          codes.map((code) => ({ code, partnerId: partner.id })),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MSG.partnerCodeTaken(codes.join(', ')));
        throw err;
      }
      await this.audit.record(
        m,
        actor,
        { action: 'partner.create', entity: 'partner', entityId: partner.id, before: null, after: { ...partner, codes } },
        now,
      );
      const token = await this.tokens.issue(user.id, PARTNER_LINK_TTL_MS, 'login', m);
      const mail = partnerWelcomeMail(mailBrand(this.cfg), {
        name,
        terms: commissionBp !== null ? `${String(commissionBp / 100).replace('.', ',')} %` : formatNok(input.commissionOre!),
        links: codes.map((c) => `${this.cfg.publicUrl}/p/${encodeURIComponent(c)}`),
        signInUrl: oneTimeLink(this.cfg.publicUrl, '/auto-login', token, PARTNER_PAGE),
      });
      await this.outbox.enqueue({ ...mail, kind: 'partner_welcome', to: user.email, userId: user.id }, m);
      return { id: partner.id };
    });
  }

  async list(params: ListParams): Promise<ListResult<AdminPartner>> {
    const res = await runList(this.ds.getRepository(Partner).createQueryBuilder('partner'), params, PARTNERS_LIST);
    return { ...res, rows: await this.toAdmin(res.rows) };
  }

  async get(id: number): Promise<AdminPartnerDetail> {
    const partner = await this.ds.getRepository(Partner).findOneBy({ id });
    if (!partner) throw notFound(MSG.recordNotFound);
    const [admin] = await this.toAdmin([partner]);
    const now = this.clock.now();
    const commissions = await this.ds.getRepository(PartnerCommission).find({ where: { partnerId: id }, order: { id: 'DESC' } });
    const payouts = await this.ds.getRepository(PartnerPayout).find({ where: { partnerId: id }, order: { id: 'DESC' } });
    return {
      ...admin,
      commissions: commissions.map((c): AdminPartnerCommission => ({
        id: c.id,
        orderId: c.orderId,
        courseId: c.courseId,
        code: c.code,
        kind: c.kind,
        baseOre: c.baseOre,
        amountOre: c.amountOre,
        status: statusAt(c, now),
        approvesAt: iso(c.approvesAt)!,
        payoutId: c.payoutId,
        createdAt: iso(c.createdAt)!,
      })),
      payouts: payouts.map(toPayout),
    };
  }

  /** «Utbetalinger»: partners with approved commission waiting, most owed first. */
  async payoutsDue(): Promise<AdminPayoutDue[]> {
    const rows = await this.ds.getRepository(PartnerCommission).find({
      where: { status: 'pending', payoutId: IsNull(), approvesAt: LessThanOrEqual(this.clock.now()) },
      select: { partnerId: true, amountOre: true },
    });
    const due = new Map<number, { approvedOre: number; commissions: number }>();
    for (const r of rows) {
      const d = due.get(r.partnerId) ?? { approvedOre: 0, commissions: 0 };
      d.approvedOre += r.amountOre;
      d.commissions += 1;
      due.set(r.partnerId, d);
    }
    if (due.size === 0) return [];
    const partners = await this.ds.getRepository(Partner).findBy({ id: In([...due.keys()]) });
    return partners
      .map((p) => ({ id: p.id, name: p.name, email: p.email, ...due.get(p.id)! }))
      .sort((a, b) => b.approvedOre - a.approvedOre || a.id - b.id);
  }

  private async toAdmin(partners: Partner[]): Promise<AdminPartner[]> {
    if (partners.length === 0) return [];
    const ids = partners.map((p) => p.id);
    const now = this.clock.now();
    const [codes, commissions, clicks] = await Promise.all([
      this.ds.getRepository(PartnerCode).find({ where: { partnerId: In(ids) }, order: { code: 'ASC' } }),
      this.ds.getRepository(PartnerCommission).find({
        where: { partnerId: In(ids) },
        select: { partnerId: true, status: true, approvesAt: true, amountOre: true },
      }),
      this.ds.getRepository(PartnerClick).find({ where: { partnerId: In(ids) } }),
    ]);
    return partners.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      commissionPercent: percentOf(p),
      commissionOre: p.commissionOre,
      includeRenewals: !!p.includeRenewals,
      codes: codes.filter((c) => c.partnerId === p.id).map((c) => c.code),
      totals: totalsOf(
        commissions.filter((c) => c.partnerId === p.id),
        now,
      ),
      clicks: clicks.filter((c) => c.partnerId === p.id).reduce((s, c) => s + c.clicks, 0),
      createdAt: iso(p.createdAt)!,
      erasedAt: iso(p.erasedAt),
      eraseAfterPayout: !!p.eraseAfterPayout,
    }));
  }
}
