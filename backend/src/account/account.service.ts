import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import type { AccountExport, DeleteAccountResponse } from '@academy/contracts';
import { badRequest, forbidden } from '../platform/errors/app-error';
import { verifyPassword } from '../platform/crypto/password';
import { normalizeEmail } from '../platform/crypto/tokens';
import type { AttributionColumns } from '../platform/database/attribution.embedded';
import { CatalogService } from '../catalog/catalog.service';
import { TotpService } from '../identity/totp/totp.service';
import { AuditLog } from '../admin/entities/audit-log.entity';
import { Grant } from '../access/entities/grant.entity';
import { Lead } from '../leads/entities/lead.entity';
import { LoginToken } from '../identity/entities/login-token.entity';
import { Order } from '../orders/entities/order.entity';
import { OutboxMessage } from '../mail/entities/outbox-message.entity';
import { Progress } from '../access/entities/progress.entity';
import { Refund } from '../orders/entities/refund.entity';
import { Session } from '../identity/entities/session.entity';
import { User } from '../identity/entities/user.entity';

export const ACCOUNT_MSG = {
  wrongPassword: 'Feil passord. Kontoen ble ikke slettet.',
  passwordRequired: 'Skriv inn passordet ditt for å slette kontoen.',
  emailMismatch: 'E-postadressen stemmer ikke med kontoen. Kontoen ble ikke slettet.',
  emailRequired: 'Skriv inn e-postadressen din for å slette kontoen.',
  adminCannotDelete:
    'Administratorkontoer kan ikke slettes her. Gi en annen konto administratorrollen først, eller kontakt driftsansvarlig.',
  deleted: 'Kontoen din er slettet. Ordrene er beholdt anonymisert for regnskapet.',
} as const;

/** The e-mail address an anonymised order keeps (never deliverable: .invalid is reserved). */
export function anonymisedOrderEmail(orderId: number): string {
  return `slettet-${orderId}@anonymisert.invalid`;
}

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

function attribution(a: AttributionColumns | null | undefined): Record<string, string | null> {
  return {
    trafficSource: a?.trafficSource ?? null,
    landingPath: a?.landingPath ?? null,
    referrer: a?.referrer ?? null,
    utmSource: a?.utmSource ?? null,
    utmMedium: a?.utmMedium ?? null,
    utmCampaign: a?.utmCampaign ?? null,
    utmTerm: a?.utmTerm ?? null,
    utmContent: a?.utmContent ?? null,
  };
}

/** The privacy rights the privacy page promises: access (export) and erasure (delete). */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('Account');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly catalog: CatalogService,
    private readonly totp: TotpService,
  ) {}

  /** Everything stored about the user, without password hashes or session tokens. */
  async export(user: User): Promise<AccountExport> {
    const m = this.ds.manager;
    const fresh = (await m.findOneBy(User, { id: user.id })) ?? user;
    const email = fresh.email;
    const [grants, orders, progress, leads, sessions, emails, twoFactorEnabled] = await Promise.all([
      m.find(Grant, { where: { userId: fresh.id }, order: { grantedAt: 'ASC', id: 'ASC' } }),
      m.find(Order, { where: [{ userId: fresh.id }, { email }], order: { createdAt: 'ASC', id: 'ASC' } }),
      m.find(Progress, { where: { userId: fresh.id }, order: { id: 'ASC' } }),
      m.find(Lead, { where: [{ userId: fresh.id }, { email }], order: { createdAt: 'ASC', id: 'ASC' } }),
      m.find(Session, { where: { userId: fresh.id }, order: { createdAt: 'ASC' } }),
      m.find(OutboxMessage, { where: [{ userId: fresh.id }, { toAddress: email }], order: { createdAt: 'ASC', id: 'ASC' } }),
      this.totp.isEnabled(fresh.id),
    ]);
    const refunds = orders.length
      ? await m.find(Refund, { where: { orderId: In(orders.map((o) => o.id)) }, order: { createdAt: 'ASC', id: 'ASC' } })
      : [];
    return {
      exportedAt: new Date().toISOString(),
      account: {
        id: fresh.id,
        email: fresh.email,
        role: fresh.role,
        firstName: fresh.firstName,
        lastName: fresh.lastName,
        passwordSet: !!fresh.passwordHash,
        passwordChangedAt: iso(fresh.passwordChangedAt),
        claimedAt: iso(fresh.claimedAt),
        twoFactorEnabled,
        createdAt: fresh.createdAt.toISOString(),
        updatedAt: fresh.updatedAt.toISOString(),
        attribution: attribution(fresh.attribution),
      },
      grants: grants.map((g) => ({
        courseId: g.courseId,
        source: g.source,
        orderId: g.orderId,
        grantedAt: g.grantedAt.toISOString(),
        revokedAt: iso(g.revokedAt),
      })),
      orders: orders.map((o) => ({
        id: o.id,
        courseId: o.courseId,
        email: o.email,
        firstName: o.firstName,
        lastName: o.lastName,
        amountOre: o.amountOre,
        currency: o.currency,
        paymentMethod: o.paymentMethod,
        provider: o.provider,
        status: o.status,
        refundedOre: o.refundedOre,
        termsAcceptedAt: iso(o.termsAcceptedAt),
        createdAt: o.createdAt.toISOString(),
        paidAt: iso(o.paidAt),
        attribution: attribution(o.attribution),
        refunds: refunds
          .filter((r) => r.orderId === o.id)
          .map((r) => ({ amountOre: r.amountOre, status: r.status, createdAt: r.createdAt.toISOString() })),
      })),
      progress: progress.map((p) => ({
        courseId: p.courseId,
        completedModules: Array.isArray(p.completedModules) ? p.completedModules : [],
        currentModule: p.currentModule,
        lastUpdated: p.lastUpdated.toISOString(),
      })),
      leads: leads.map((l) => ({
        email: l.email,
        courseType: l.courseType,
        source: l.source,
        createdAt: l.createdAt.toISOString(),
        unsubscribedAt: iso(l.unsubscribedAt),
        attribution: attribution(l.attribution),
      })),
      sessions: sessions.map((s) => ({
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        ip: s.ip,
        userAgent: s.userAgent,
      })),
      emails: emails.map((e) => ({
        kind: e.kind,
        subject: e.subject,
        status: e.status,
        createdAt: e.createdAt.toISOString(),
        sentAt: iso(e.sentAt),
      })),
    };
  }

  /** Checks the confirmation (password, or the e-mail when no password is set). Throws 400/403. */
  async checkDeletion(user: User, dto: { password?: string; confirmEmail?: string }): Promise<void> {
    if (user.role === 'admin') throw forbidden(ACCOUNT_MSG.adminCannotDelete);
    if (user.passwordHash) {
      if (!dto.password) throw badRequest(ACCOUNT_MSG.passwordRequired, 'WRONG_PASSWORD');
      if (!(await verifyPassword(user.passwordHash, dto.password))) throw badRequest(ACCOUNT_MSG.wrongPassword, 'WRONG_PASSWORD');
    } else {
      if (!dto.confirmEmail || !dto.confirmEmail.trim()) throw badRequest(ACCOUNT_MSG.emailRequired);
      if (normalizeEmail(dto.confirmEmail) !== user.email) throw badRequest(ACCOUNT_MSG.emailMismatch);
    }
  }

  /**
   * Erases the account in one transaction: orders stay for bookkeeping, anonymised; grants, progress,
   * sessions, one-time links, the second factor (secret and recovery codes), leads and queued e-mails
   * of the address go, then the user row.
   * The audit row records the counts only.
   */
  async delete(user: User, dto: { password?: string; confirmEmail?: string }): Promise<DeleteAccountResponse> {
    await this.checkDeletion(user, dto);
    const counts = await this.ds.transaction((m) => this.erase(m, user.id));
    if (counts) this.catalog.invalidate();
    this.logger.log(`Konto ${user.id} slettet på brukerens forespørsel`);
    return { message: ACCOUNT_MSG.deleted };
  }

  private async erase(m: EntityManager, userId: number): Promise<Record<string, number> | null> {
    const user = await m.findOneBy(User, { id: userId });
    if (!user) return null;
    const email = user.email;
    const now = new Date();
    const orders = await m.find(Order, { select: { id: true }, where: [{ userId }, { email }] });
    for (const o of orders) {
      await m.update(
        Order,
        { id: o.id },
        { userId: null, email: anonymisedOrderEmail(o.id), firstName: '', lastName: '', anonymisedAt: now, updatedAt: now },
      );
    }
    const affected = (r: { affected?: number | null }) => r.affected ?? 0;
    const counts = {
      ordersAnonymised: orders.length,
      grantsRemoved: affected(await m.delete(Grant, { userId })),
      progressRemoved: affected(await m.delete(Progress, { userId })),
      sessionsEnded: affected(await m.delete(Session, { userId })),
      loginTokensRemoved: affected(await m.delete(LoginToken, { userId })),
      secondFactorRowsRemoved: await this.totp.erase(m, userId),
      leadsRemoved: affected(await m.delete(Lead, { userId })) + affected(await m.delete(Lead, { email })),
      emailsRemoved:
        affected(await m.delete(OutboxMessage, { userId })) + affected(await m.delete(OutboxMessage, { toAddress: email })),
    };
    // Earlier audit rows keep the id (a number that no longer leads anywhere), not the address.
    await m.update(AuditLog, { actorId: userId }, { actorEmail: null });
    await m.delete(User, { id: userId });
    await m.insert(AuditLog, {
      actorId: null,
      actorEmail: null,
      action: 'account.deleted_by_user',
      entity: 'user',
      entityId: String(userId),
      after: counts,
      createdAt: now,
    });
    return counts;
  }
}
