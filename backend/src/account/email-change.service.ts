import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG } from '@academy/contracts';
import { LoginTokensService } from '../identity/login-tokens.service';
import { UserReader } from '../identity/user-reader.service';
import { UserWriter } from '../identity/user-writer.service';
import { LeadsService } from '../leads/leads.service';
import { AuditService } from '../platform/audit/audit.service';
import { badRequest, conflict } from '../platform/errors/app-error';

/**
 * The two ends of an e-mail change the mentor asked for (docs/decisions.md "E-mail addresses"): the new
 * address confirms it, or the old one stops it while it waits. Each link works once.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly tokens: LoginTokensService,
    private readonly reader: UserReader,
    private readonly users: UserWriter,
    private readonly leads: LeadsService,
    private readonly audit: AuditService,
  ) {}

  /**
   * The new address becomes the account's, audited, in one transaction with what follows from it:
   * every one-time link issued before (sign-in, reset, the change's own) stops working, since it went
   * to an address that no longer signs in; the leads of both addresses are the account's and the funnel
   * counts the person once (docs/decisions.md "Attribution").
   */
  async confirm(token: string): Promise<{ email: string }> {
    // The link works once, whatever follows: a second click finds it used.
    const userId = await this.tokens.consume(token, 'email_change');
    if (userId === null) throw badRequest(MSG.emailChangeInvalid, 'INVALID_TOKEN');
    const done = await this.ds.transaction(async (m) => {
      const changed = await this.users.confirmPendingEmail(userId, m);
      if (changed === false) throw conflict(MSG.emailChangeTaken);
      if (changed === null) return null;
      await this.tokens.voidEvery(userId, m);
      await this.leads.addressChanged(changed.before, changed.after, userId, m);
      await this.audit.record(m, null, {
        action: 'user.email_change',
        entity: 'user',
        entityId: userId,
        before: { email: changed.before },
        after: { email: changed.after },
      });
      return changed;
    });
    // The change was stopped or called off (or another link confirmed it) after this one was mailed.
    if (!done) throw badRequest(MSG.emailChangeInvalid, 'INVALID_TOKEN');
    return { email: done.after };
  }

  /** The old address stops the change while it waits: the new address's link stops working. Audited. */
  async stop(token: string): Promise<{ message: string; email: string }> {
    const userId = await this.tokens.consume(token, 'email_stop');
    if (userId === null) throw badRequest(MSG.emailChangeStopInvalid, 'INVALID_TOKEN');
    const email = await this.ds.transaction(async (m) => {
      const user = await this.reader.lockForUpdate(userId, m);
      if (!user?.pendingEmail) return null;
      await this.users.updateByAdmin(userId, { pendingEmail: null }, m);
      await this.tokens.voidAll(userId, 'email_change', m);
      await this.audit.record(m, null, {
        action: 'user.email_change_stop',
        entity: 'user',
        entityId: userId,
        before: { pendingEmail: user.pendingEmail },
        after: { pendingEmail: null },
      });
      return user.email;
    });
    if (email === null) throw badRequest(MSG.emailChangeStopInvalid, 'INVALID_TOKEN');
    return { message: MSG.emailChangeStopped, email };
  }
}
