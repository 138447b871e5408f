import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AccountExport, DeleteAccountResponse } from '@academy/contracts';
import { badRequest, forbidden } from '../platform/errors/app-error';
import { verifyPassword } from '../platform/crypto/password';
import { normalizeEmail } from '../platform/crypto/tokens';
import { AuditService } from '../platform/audit/audit.service';
import { PersonalDataRegistry, type DataSubject } from '../platform/personal-data';
import { CatalogService } from '../catalog/catalog.service';
import type { User } from '../identity/entities/user.entity';
import { UserReader } from '../identity/user-reader.service';
import { MSG } from '@academy/contracts';

/**
 * The privacy rights the privacy page promises: access (export) and erasure (delete). Every module
 * that stores something about a person is a personal data owner (`@OwnsPersonalData`); this service
 * asks them all and knows none by name.
 */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('Account');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly catalog: CatalogService,
    private readonly users: UserReader,
    private readonly personalData: PersonalDataRegistry,
    private readonly audit: AuditService,
  ) {}

  /** Everything stored about the user, without password hashes or session tokens: each owner exports its part. */
  async export(user: User): Promise<AccountExport> {
    const m = this.ds.manager;
    const fresh = (await this.users.findById(user.id, m)) ?? user;
    const subject: DataSubject = { userId: fresh.id, email: fresh.email };
    const parts = await Promise.all(this.personalData.owners().map(({ owner }) => owner.exportFor(subject, m)));
    return Object.assign({ exportedAt: new Date().toISOString() }, ...parts) as AccountExport;
  }

  /** Checks the confirmation (password, or the e-mail when no password is set). Throws 400/403. */
  async checkDeletion(user: User, dto: { password?: string; confirmEmail?: string }): Promise<void> {
    if (user.role === 'admin') throw forbidden(MSG.adminCannotDelete);
    if (user.passwordHash) {
      if (!dto.password) throw badRequest(MSG.deletePasswordRequired, 'WRONG_PASSWORD');
      if (!(await verifyPassword(user.passwordHash, dto.password))) throw badRequest(MSG.deleteWrongPassword, 'WRONG_PASSWORD');
    } else {
      if (!dto.confirmEmail || !dto.confirmEmail.trim()) throw badRequest(MSG.deleteEmailRequired);
      if (normalizeEmail(dto.confirmEmail) !== user.email) throw badRequest(MSG.deleteEmailMismatch);
    }
  }

  /**
   * Erases the account in one transaction: orders stay for bookkeeping, anonymised; grants, progress,
   * sessions, one-time links, the second factor (secret and recovery codes), the user row, leads and
   * e-mails of the address go; earlier audit rows lose the address. The new audit row records the counts only.
   */
  async delete(user: User, dto: { password?: string; confirmEmail?: string }): Promise<DeleteAccountResponse> {
    await this.checkDeletion(user, dto);
    const counts = await this.ds.transaction((m) => this.erase(m, user.id));
    if (counts) {
      // What lives outside the database (the chart images' files) goes once the rows are gone for
      // good (a rolled-back erasure keeps them).
      for (const { owner } of this.personalData.owners()) await owner.afterErasure?.(user.id);
      this.catalog.invalidate();
    }
    this.logger.log(`Account ${user.id} deleted at the user's request`);
    return { message: MSG.accountDeleted };
  }

  /**
   * Each owner erases its rows with the one transaction's manager, in the owners' erasure order
   * (foreign keys), so the erasure commits whole or not at all.
   */
  private async erase(m: EntityManager, userId: number): Promise<Record<string, number> | null> {
    const user = await this.users.findById(userId, m);
    if (!user) return null;
    const subject: DataSubject = { userId, email: user.email };
    const now = new Date();
    const counts: Record<string, number> = {};
    for (const { owner } of this.personalData.owners()) Object.assign(counts, await owner.eraseFor(subject, m, now));
    await this.audit.record(
      m,
      null,
      { action: 'account.deleted_by_user', entity: 'user', entityId: userId, before: null, after: counts },
      now,
    );
    return counts;
  }
}
