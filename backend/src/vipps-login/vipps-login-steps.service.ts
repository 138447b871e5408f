import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, MoreThan } from 'typeorm';
import { MSG, VIPPS_LOGIN_MSG, type VippsLoginConfirmed, type VippsLoginPending } from '@academy/contracts';
import { AuthService } from '../identity/auth.service';
import type { SessionClient, StartedSession } from '../identity/auth.types';
import type { User } from '../identity/entities/user.entity';
import { oneTimeLink } from '../identity/one-time-link';
import { SessionsService } from '../identity/sessions.service';
import { TotpService } from '../identity/totp/totp.service';
import { UserReader } from '../identity/user-reader.service';
import { UserWriter } from '../identity/user-writer.service';
import { mailBrand } from '../outbox/mail-layout';
import { OutboxService } from '../outbox/outbox.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { verifyPassword } from '../platform/crypto/password';
import { newToken, normalizeEmail, sha256 } from '../platform/crypto/tokens';
import { AppError, badRequest, conflict, forbidden, notFound, unauthenticated } from '../platform/errors/app-error';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { VippsLoginAttempt } from './entities/vipps-login-attempt.entity';
import { VippsLoginLink } from './entities/vipps-login-link.entity';
import { vippsLinkMail } from './vipps-login-mail';
import { MAX_MAILS, STEP_TTL_MS, str, type VippsOutcome } from './vipps-login.rules';

/**
 * The steps of «Logg inn med Vipps» after Vipps answered (docs/decisions.md "Logg inn med Vipps"):
 * the account's one-time code, and the holder's confirmation of the link to an existing account (the
 * password and code, or a link mailed to the account's address). Each on the browser's attempt.
 */
@Injectable()
export class VippsLoginSteps {
  private readonly logger = new Logger('VippsLogin');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    private readonly users: UserReader,
    private readonly writer: UserWriter,
    private readonly sessions: SessionsService,
    private readonly totp: TotpService,
    private readonly auth: AuthService,
    private readonly outbox: OutboxService,
  ) {}

  private get attempts() {
    return this.ds.getRepository(VippsLoginAttempt);
  }

  /** This browser's attempt waiting at a step (the newest), or null. */
  private async waiting(browserToken: string | null, stages: Array<'kode' | 'bekreft'>): Promise<VippsLoginAttempt | null> {
    const browser = str(browserToken, 20, 128);
    if (!browser) return null;
    return this.attempts.findOne({
      where: { browserHash: sha256(browser), stage: In(stages), expiresAt: MoreThan(new Date()) },
      order: { id: 'DESC' },
    });
  }

  /**
   * This browser's attempt at the step, and its account. `email` (the address the page was shown) must
   * be the account's: the step's password and code checks then count against the account's sign-in
   * limit, as `POST /api/auth/login` does, and refusals write nothing.
   */
  private async waitingOrFail(
    browserToken: string | null,
    stage: 'kode' | 'bekreft',
    email?: string,
  ): Promise<{ row: VippsLoginAttempt; user: User }> {
    const row = await this.waiting(browserToken, [stage]);
    const user = row?.userId ? await this.users.findById(row.userId) : null;
    if (!row || !user || (email !== undefined && normalizeEmail(email) !== user.email))
      throw badRequest(VIPPS_LOGIN_MSG.noPending, 'INVALID_TOKEN');
    if (user.role === 'admin') throw forbidden(VIPPS_LOGIN_MSG.reasons.admin);
    return { row, user };
  }

  /** GET /api/auth/vipps/pending: what this browser still has to do, for the page `/login/vipps`. */
  async pending(browserToken: string | null): Promise<VippsLoginPending> {
    const row = await this.waiting(browserToken, ['kode', 'bekreft']);
    const user = row?.userId ? await this.users.findById(row.userId) : null;
    if (!row || !user) throw notFound(VIPPS_LOGIN_MSG.noPending, 'INVALID_TOKEN');
    return {
      step: row.stage as 'kode' | 'bekreft',
      email: user.email,
      passwordSet: !!user.passwordHash,
      mailSent: row.mailsSent > 0,
    };
  }

  /** POST /api/auth/vipps/totp: the account's one-time code (or a recovery code) after Vipps. */
  async withCode(browserToken: string | null, email: string, code: unknown, client: SessionClient): Promise<VippsOutcome> {
    const { row, user } = await this.waitingOrFail(browserToken, 'kode', email);
    await this.totp.requireForSignIn(user.id, code);
    const done = await this.attempts.update({ id: row.id, stage: 'kode' }, { stage: 'done' });
    if (done.affected !== 1) throw badRequest(VIPPS_LOGIN_MSG.noPending, 'INVALID_TOKEN');
    return { location: row.next, session: await this.sessions.start(user, client) };
  }

  /**
   * POST /api/auth/vipps/confirm: the holder confirms with the account's password (and its code when it
   * has a second factor); the link is made and the browser signed in, a full sign-in.
   */
  async confirmWithPassword(
    browserToken: string | null,
    dto: { email: string; password: string; totp?: string },
    client: SessionClient,
  ): Promise<VippsOutcome> {
    const { row, user } = await this.waitingOrFail(browserToken, 'bekreft', dto.email);
    if (!user.passwordHash) throw badRequest(VIPPS_LOGIN_MSG.noPassword, 'WRONG_PASSWORD');
    if (!(await verifyPassword(user.passwordHash, dto.password)))
      throw unauthenticated(MSG.invalidCredentials, 'INVALID_CREDENTIALS');
    await this.totp.requireForSignIn(user.id, dto.totp);
    await this.ds.transaction((m) => this.link(m, row, user, 'done'));
    return { location: row.next, session: await this.sessions.start(user, client, { authenticated: true }) };
  }

  /** POST /api/auth/vipps/confirm/mail: a confirmation link to the account's address (a few per attempt). */
  async mailConfirmation(browserToken: string | null): Promise<{ message: string }> {
    const { row, user } = await this.waitingOrFail(browserToken, 'bekreft');
    if (row.mailsSent >= MAX_MAILS) throw new AppError(429, 'TOO_MANY_REQUESTS', VIPPS_LOGIN_MSG.tooManyMails);
    const token = newToken();
    await this.ds.transaction(async (m) => {
      const res = await m.update(
        VippsLoginAttempt,
        { id: row.id, stage: 'bekreft', mailsSent: row.mailsSent },
        { mailTokenHash: sha256(token), mailsSent: row.mailsSent + 1 },
      );
      if (res.affected !== 1) throw new AppError(429, 'TOO_MANY_REQUESTS', VIPPS_LOGIN_MSG.tooManyMails);
      const mail = vippsLinkMail(mailBrand(this.app), {
        confirmUrl: oneTimeLink(this.app.publicUrl, '/vipps-kobling', token),
        email: user.email,
      });
      await this.outbox.enqueue({ ...mail, kind: 'vipps_link', to: user.email, userId: user.id }, m);
    });
    return { message: VIPPS_LOGIN_MSG.confirmMailSent };
  }

  /**
   * POST /api/auth/vipps/confirm/link: the mailed link proves the address, like any mailed sign-in link
   * (a claim): the link is made and this browser signed in, or asked for the account's code first.
   */
  async confirmByLink(
    token: string,
    client: SessionClient,
  ): Promise<{ result: VippsLoginConfirmed; session: StartedSession | null; browserToken: string | null }> {
    const row = await this.attempts.findOneBy({
      mailTokenHash: sha256(token),
      stage: 'bekreft',
      expiresAt: MoreThan(new Date()),
    });
    const user = row?.userId ? await this.users.findById(row.userId) : null;
    if (!row || !user) throw badRequest(VIPPS_LOGIN_MSG.invalidConfirmLink, 'INVALID_TOKEN');
    if (user.role === 'admin') throw forbidden(VIPPS_LOGIN_MSG.reasons.admin);
    if (await this.totp.isEnabled(user.id)) {
      // The code is asked in the browser that opened the link: the attempt moves to it.
      const browser = newToken();
      await this.ds.transaction((m) => this.link(m, row, user, 'kode', sha256(browser)));
      return { result: { step: 'kode' }, session: null, browserToken: browser };
    }
    await this.ds.transaction((m) => this.link(m, row, user, 'done'));
    return { result: { next: row.next }, session: await this.auth.claim(user, client), browserToken: null };
  }

  /** The link of a confirmed attempt, in the caller's transaction: used once, and the account's name from Vipps if it has none. */
  private async link(
    m: EntityManager,
    row: VippsLoginAttempt,
    user: User,
    stage: 'kode' | 'done',
    browserHash?: string,
  ): Promise<void> {
    const res = await m.update(
      VippsLoginAttempt,
      { id: row.id, stage: 'bekreft' },
      { stage, mailTokenHash: null, ...(browserHash ? { browserHash, expiresAt: new Date(Date.now() + STEP_TTL_MS) } : {}) },
    );
    if (res.affected !== 1) throw badRequest(VIPPS_LOGIN_MSG.noPending, 'INVALID_TOKEN');
    try {
      await m.getRepository(VippsLoginLink).insert({ userId: user.id, sub: row.sub!, linkedAt: new Date() });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(VIPPS_LOGIN_MSG.linkTaken);
      throw e;
    }
    if (!user.firstName && !user.lastName && row.firstName && row.lastName)
      await this.writer.setName(user.id, row.firstName, row.lastName, m);
    this.logger.log(`Account ${user.id} linked to Vipps`);
  }
}
