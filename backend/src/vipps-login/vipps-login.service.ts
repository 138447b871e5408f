import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, LessThan } from 'typeorm';
import * as oidc from 'openid-client';
import { VIPPS_LOGIN_MSG, type AccountExport, type VippsLoginReason } from '@academy/contracts';
import { GrantsService } from '../access/grants.service';
import type { SessionClient } from '../identity/auth.types';
import type { User } from '../identity/entities/user.entity';
import { SessionsService } from '../identity/sessions.service';
import { TotpService } from '../identity/totp/totp.service';
import { UserReader } from '../identity/user-reader.service';
import { UserWriter } from '../identity/user-writer.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { newToken, sha256 } from '../platform/crypto/tokens';
import { forbidden, notFound } from '../platform/errors/app-error';
import { isUniqueViolation } from '../platform/errors/db-errors';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../platform/personal-data';
import { VippsLoginAttempt } from './entities/vipps-login-attempt.entity';
import { VippsLoginLink } from './entities/vipps-login-link.entity';
import { VippsLoginFailure, VippsOidcClient, type VippsIdentity } from './vipps-oidc.client';
import {
  DEFAULT_NEXT,
  failed,
  safeNext,
  STARTED_TTL_MS,
  STEP_PAGE,
  STEP_TTL_MS,
  str,
  type VippsOutcome,
} from './vipps-login.rules';

/**
 * «Logg inn med Vipps» (docs/decisions.md "Logg inn med Vipps"): the attempt in the database (any
 * instance takes the callback), bound to the browser by a cookie; the Vipps identity (`sub`) linked to
 * one account. A known `sub` signs in; a verified address of an existing account links only after the
 * holder confirms (password, or a mailed link); a verified address without an account makes the account
 * with the link in one transaction; an unverified address never links nor makes an account. An account
 * with a second factor still gives its code; an admin account never signs in with Vipps.
 */
@OwnsPersonalData({
  name: 'vipps-login',
  sections: ['vipps'],
  tables: ['vipps_login_links', 'vipps_login_attempts'],
  eraseOrder: ERASURE_ORDER.vippsLogin,
})
export class VippsLoginService implements PersonalDataOwner {
  private readonly logger = new Logger('VippsLogin');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    private readonly oidc: VippsOidcClient,
    private readonly users: UserReader,
    private readonly writer: UserWriter,
    private readonly sessions: SessionsService,
    private readonly totp: TotpService,
    private readonly grants: GrantsService,
  ) {}

  get enabled(): boolean {
    return this.app.vippsLogin !== null;
  }

  private get attempts() {
    return this.ds.getRepository(VippsLoginAttempt);
  }

  private get links() {
    return this.ds.getRepository(VippsLoginLink);
  }

  // ---- to Vipps and back --------------------------------------------------------------------------

  /**
   * GET /api/auth/vipps/start: a new attempt (state, nonce, PKCE verifier) for this browser, and Vipps'
   * authorize address. Vipps unreachable: back to the sign-in page, nothing written.
   */
  async start(next: unknown, browserToken: string | null): Promise<{ location: string; browserToken: string | null }> {
    if (!this.enabled) return { location: failed('av').location, browserToken: null };
    const browser = str(browserToken, 20, 128) ?? newToken();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    let location: string;
    try {
      location = await this.oidc.authorizationUrl({ state, nonce, codeVerifier });
    } catch (e) {
      this.logger.warn(`Vipps Login discovery failed: ${(e as Error).message}`);
      return { location: failed('nede').location, browserToken: null };
    }
    const now = new Date();
    await this.attempts.delete({ expiresAt: LessThan(now) });
    await this.attempts.insert({
      stateHash: sha256(state),
      browserHash: sha256(browser),
      nonce,
      codeVerifier,
      next: safeNext(next) ?? DEFAULT_NEXT,
      stage: 'started',
      userId: null,
      sub: null,
      firstName: null,
      lastName: null,
      mailTokenHash: null,
      mailsSent: 0,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STARTED_TTL_MS),
    });
    return { location, browserToken: browser };
  }

  /**
   * GET /api/auth/vipps/callback: the attempt of this state and this browser, used once; Vipps' error
   * (cancelled, consent denied) or its code for the identity; then sign-in, a step, or the reason.
   */
  async callback(query: Record<string, unknown>, browserToken: string | null, client: SessionClient): Promise<VippsOutcome> {
    if (!this.enabled) return failed('av');
    const state = str(query.state, 8, 512);
    const browser = str(browserToken, 20, 128);
    if (!state || !browser) return failed('utlopt');
    const row = await this.attempts.findOneBy({ stateHash: sha256(state) });
    if (!row || row.browserHash !== sha256(browser)) return failed('utlopt');
    // The attempt is used once, whatever follows: of two callbacks with it only one goes on.
    const taken = await this.attempts.update({ id: row.id, stage: 'started' }, { stage: 'used', codeVerifier: null });
    if (taken.affected !== 1) return failed('brukt');
    if (row.expiresAt.getTime() <= Date.now()) return failed('utlopt');
    const error = str(query.error, 1, 200);
    if (error) return failed(this.reasonOfError(error, str(query.error_description, 0, 500) ?? ''));
    const code = str(query.code, 1, 2000);
    if (!code || !row.codeVerifier) return failed('ugyldig');
    const params: Record<string, string> = { code, state };
    for (const key of ['scope', 'iss'] as const) {
      const v = str(query[key], 1, 2000);
      if (v) params[key] = v;
    }
    let identity: VippsIdentity;
    try {
      identity = await this.oidc.exchange(params, { state, nonce: row.nonce, codeVerifier: row.codeVerifier });
    } catch (e) {
      if (e instanceof VippsLoginFailure) return failed(e.reason);
      throw e;
    }
    return this.decide(identity, row, client);
  }

  /** Vipps' error on the way back (its documented codes; anything else is Vipps' trouble). */
  private reasonOfError(error: string, description: string): VippsLoginReason {
    if (error === 'access_denied') return /consent|samtykke/i.test(description) ? 'samtykke' : 'avbrutt';
    if (error === 'server_error' || error === 'temporarily_unavailable') return 'nede';
    return 'ugyldig';
  }

  private async decide(identity: VippsIdentity, row: VippsLoginAttempt, client: SessionClient): Promise<VippsOutcome> {
    const link = await this.links.findOneBy({ sub: identity.sub });
    if (link) {
      const user = await this.users.findById(link.userId);
      if (!user) return failed('ugyldig');
      return this.signIn(user, row, client);
    }
    if (!identity.email) return failed('mangler-epost');
    // An address Vipps has not verified proves nothing: it never reaches an account, old or new.
    if (!identity.emailVerified) return failed('ubekreftet');
    const existing = await this.users.findByEmail(identity.email);
    if (existing) return this.askHolder(existing, identity, row);
    const now = new Date();
    let created: User | null;
    try {
      // The account, its link and its Starter course (as a free sign-up has) together or not at all.
      created = await this.ds.transaction(async (m) => {
        const user = await this.writer.createVerified(
          { email: identity.email!, firstName: identity.givenName, lastName: identity.familyName },
          now,
          m,
        );
        if (!user) return null;
        await m.getRepository(VippsLoginLink).insert({ userId: user.id, sub: identity.sub, linkedAt: now });
        await this.grants.grant({ userId: user.id, courseId: 'starter', source: 'free' }, m);
        return user;
      });
    } catch (e) {
      if (isUniqueViolation(e)) return failed('brukt');
      throw e;
    }
    if (!created) {
      // The address got an account meanwhile: its holder confirms, as for any existing account.
      const raced = await this.users.findByEmail(identity.email);
      return raced ? this.askHolder(raced, identity, row) : failed('ugyldig');
    }
    this.logger.log(`Account ${created.id} made with Vipps`);
    return this.signIn(created, row, client);
  }

  /** The verified address is an existing account's: its holder confirms before the link is made. */
  private async askHolder(user: User, identity: VippsIdentity, row: VippsLoginAttempt): Promise<VippsOutcome> {
    if (user.role === 'admin') return failed('admin');
    await this.attempts.update(
      { id: row.id },
      {
        stage: 'bekreft',
        userId: user.id,
        sub: identity.sub,
        firstName: identity.givenName,
        lastName: identity.familyName,
        expiresAt: new Date(Date.now() + STEP_TTL_MS),
      },
    );
    return { location: STEP_PAGE, session: null };
  }

  /** The account is known: the one-time code first when it has a second factor; never an admin. */
  private async signIn(user: User, row: VippsLoginAttempt, client: SessionClient): Promise<VippsOutcome> {
    if (user.role === 'admin') return failed('admin');
    if (await this.totp.isEnabled(user.id)) {
      await this.attempts.update(
        { id: row.id },
        { stage: 'kode', userId: user.id, expiresAt: new Date(Date.now() + STEP_TTL_MS) },
      );
      return { location: STEP_PAGE, session: null };
    }
    await this.attempts.update({ id: row.id }, { stage: 'done', userId: user.id });
    // Not `authenticated`: Vipps is no password, so what needs a recent sign-in still asks for it.
    return { location: row.next, session: await this.sessions.start(user, client) };
  }

  // ---- the account's own view ---------------------------------------------------------------------

  async isLinked(userId: number): Promise<boolean> {
    if (!this.enabled) return false;
    return this.links.existsBy({ userId });
  }

  /** DELETE /api/account/vipps: «Koble fra Vipps», only when the account can still sign in by its password. */
  async unlink(user: User): Promise<void> {
    if (!this.enabled) throw notFound(VIPPS_LOGIN_MSG.off);
    if (!(await this.links.existsBy({ userId: user.id }))) throw notFound(VIPPS_LOGIN_MSG.notLinked);
    if (!user.passwordHash) throw forbidden(VIPPS_LOGIN_MSG.unlinkNeedsPassword);
    await this.links.delete({ userId: user.id });
    this.logger.log(`Account ${user.id} unlinked from Vipps`);
  }

  // ---- privacy ------------------------------------------------------------------------------------

  async exportFor({ userId }: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'vipps'>> {
    const link = await m.getRepository(VippsLoginLink).findOneBy({ userId });
    return { vipps: link ? { sub: link.sub, linkedAt: link.linkedAt.toISOString() } : null };
  }

  async eraseFor({ userId }: DataSubject, m: EntityManager): Promise<{ vippsLinksRemoved: number }> {
    const removed = await m.getRepository(VippsLoginLink).delete({ userId });
    await m.getRepository(VippsLoginAttempt).delete({ userId });
    return { vippsLinksRemoved: removed.affected ?? 0 };
  }
}
