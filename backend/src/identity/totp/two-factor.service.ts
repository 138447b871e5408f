import { Injectable } from '@nestjs/common';
import {
  MSG,
  type ReauthResponse,
  type TotpEnableResponse,
  type TotpSetupResponse,
  type TotpStatusResponse,
} from '@academy/contracts';
import { badRequest, forbidden } from '../../platform/errors/app-error';
import { verifyPassword } from '../../platform/crypto/password';
import type { User } from '../entities/user.entity';
import type { AuthContext } from '../auth.types';
import { SessionsService } from '../sessions.service';
import { REAUTH_WINDOW_MS, reauthRequired, recentlyAuthenticated } from './recent-sign-in.guard';
import { TotpService } from './totp.service';

/**
 * The account side of the second factor: enrolment, turning it off, and re-authentication.
 * Each attempt is counted by the routes' declared limits (TotpController) before these run.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly totp: TotpService,
    private readonly sessions: SessionsService,
  ) {}

  status(user: User): Promise<TotpStatusResponse> {
    return this.totp.status(user);
  }

  /** A pending secret: only for a claimed account signed in with its password within 15 minutes. */
  async setup(auth: AuthContext): Promise<TotpSetupResponse> {
    this.mayEnrol(auth);
    return this.totp.setup(auth.user);
  }

  /** Turns the factor on; every other session of the account (opened without it) ends. */
  async enable(auth: AuthContext, code: string): Promise<TotpEnableResponse> {
    this.mayEnrol(auth);
    const res = await this.totp.enable(auth.user, code);
    await this.sessions.endOthers(auth.user.id, auth.sessionHash);
    return res;
  }

  /**
   * Whoever holds a session on an unproved address (the receipt page of an order placed for it) must
   * not lock the owner out with a second factor: enrolment needs a claimed address (403 CLAIM_REQUIRED)
   * and a full sign-in within the last 15 minutes (401 REAUTH_REQUIRED), as docs/decisions.md "Two-factor sign-in" says.
   */
  private mayEnrol(auth: AuthContext): void {
    if (!auth.user.claimedAt) throw forbidden(MSG.claimRequiredForTotp, 'CLAIM_REQUIRED');
    if (!recentlyAuthenticated(auth.authenticatedAt)) throw reauthRequired(auth.authenticatedAt);
  }

  async disable(auth: AuthContext, dto: { password: string; code: string }): Promise<void> {
    if (!(await this.totp.isEnabled(auth.user.id))) throw badRequest(MSG.totpNotEnabled);
    if (!(await verifyPassword(auth.user.passwordHash, dto.password)))
      throw badRequest(MSG.reauthWrongPassword, 'WRONG_PASSWORD');
    if ((await this.totp.check(auth.user.id, dto.code)) !== 'ok') throw badRequest(MSG.totpInvalid, 'TOTP_INVALID');
    await this.totp.disable(auth.user.id);
  }

  /**
   * Renews the session's authentication time. 400 WRONG_PASSWORD, or TOTP_REQUIRED / TOTP_INVALID
   * for an account with a second factor; the session stays as it was.
   */
  async reauth(auth: AuthContext, dto: { password: string; totp?: string }): Promise<ReauthResponse> {
    if (!(await verifyPassword(auth.user.passwordHash, dto.password)))
      throw badRequest(MSG.reauthWrongPassword, 'WRONG_PASSWORD');
    const second = await this.totp.check(auth.user.id, dto.totp);
    if (second === 'missing') throw badRequest(MSG.totpRequired, 'TOTP_REQUIRED');
    if (second === 'invalid') throw badRequest(MSG.totpInvalid, 'TOTP_INVALID');
    const at = new Date();
    await this.sessions.markAuthenticated(auth, at);
    return { recentUntil: new Date(at.getTime() + REAUTH_WINDOW_MS).toISOString() };
  }
}
