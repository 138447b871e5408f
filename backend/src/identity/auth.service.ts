import { Injectable } from '@nestjs/common';
import { MSG } from '@academy/contracts';
import { badRequest, conflict, forbidden } from '../platform/errors/app-error';
import { hashPassword, verifyPassword } from '../platform/crypto/password';
import { normalizeEmail } from '../platform/crypto/tokens';
import type { User } from './entities/user.entity';
import { UserReader } from './user-reader.service';
import { UserWriter } from './user-writer.service';
import type { AuthContext, SessionClient, StartedSession } from './auth.types';
import type { SetPasswordDto } from './dto/auth.dto';
import { LoginTokensService } from './login-tokens.service';
import { SessionsService } from './sessions.service';
import { EventBus } from '../platform/events';
import { TotpService } from './totp/totp.service';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UserReader,
    private readonly writer: UserWriter,
    private readonly sessions: SessionsService,
    private readonly tokens: LoginTokensService,
    private readonly totp: TotpService,
    private readonly events: EventBus,
  ) {}

  /** The user for an e-mail and password, or null. Takes the same time for unknown e-mails. */
  async validateCredentials(email: unknown, password: unknown): Promise<User | null> {
    if (typeof email !== 'string' || typeof password !== 'string' || email.length > 254 || password.length > 1024) return null;
    const user = await this.users.findByEmail(normalizeEmail(email));
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    return ok && user ? user : null;
  }

  /** A new session after the password (and the second factor when enrolled); the controller sets its cookie. */
  login(user: User, client: SessionClient): Promise<StartedSession> {
    return this.sessions.start(user, client, { authenticated: true });
  }

  /**
   * Signs in with a one-time link (welcome, receipt, admin-made): the owner has proved the address,
   * so it is a claim. Null when the token is unknown, used or expired.
   * A browser signed in as another account is asked first: 409 ACCOUNT_SWITCH, and the link stays
   * unused, unless `switchAccount` is true (then that session ends).
   * An account with a second factor is asked for it as the password sign-in asks (401 TOTP_REQUIRED,
   * TOTP_INVALID), and the link stays unused until a code is right: a mailbox alone is one factor
   * (docs/decisions.md "Two-factor sign-in").
   */
  async tokenLogin(
    token: string,
    opts: { switchAccount?: boolean; totp?: unknown },
    client: SessionClient,
  ): Promise<{ user: User; session: StartedSession } | null> {
    const owner = await this.tokens.peek(token, 'login');
    if (owner === null) return null;
    const current = await this.sessions.resolve(client.token);
    if (current && opts.switchAccount !== true && owner !== current.user.id) throw conflict(MSG.accountSwitch, 'ACCOUNT_SWITCH');
    // Not on the first claim: it removes a factor enrolled before it (see claim), which the owner never had.
    if ((await this.users.findById(owner))?.claimedAt) await this.totp.requireForSignIn(owner, opts.totp);
    const userId = await this.tokens.consume(token, 'login');
    if (userId === null) return null;
    const user = await this.users.findById(userId);
    if (!user) return null;
    return { user, session: await this.claim(user, client) };
  }

  /**
   * The owner proved the address (a mailed link, or a completed reset): the account is claimed,
   * this browser gets a new session (the caller sets its cookie) and every session opened before it ends.
   * The first claim also clears a second factor enrolled before it (by whoever held a session on the
   * unproved address), so it cannot lock the owner out; the calendar feed gets a new secret address.
   */
  async claim(user: User, client: SessionClient): Promise<StartedSession> {
    const { claimedAt, first } = await this.writer.claim(user.id);
    user.claimedAt = claimedAt;
    if (first) await this.totp.clearBeforeClaim(user.id);
    const started = await this.sessions.start(user, client);
    await this.sessions.endOthers(user.id, started.auth.sessionHash);
    await this.events.emit('credentials.changed', { userId: user.id, change: 'claimed' });
    return started;
  }

  /**
   * Sets the first password, or changes it (the current one is required and checked).
   * Either way every other session of the user ends.
   */
  async setPassword(auth: AuthContext, dto: SetPasswordDto): Promise<{ message: string; changed: boolean }> {
    const user = auth.user;
    const changing = !!user.passwordHash;
    // Whoever holds a session on an unproved address (e.g. the receipt page of an order placed for it)
    // must not lock the owner out with a password.
    if (!changing && !user.claimedAt) throw forbidden(MSG.claimRequired, 'CLAIM_REQUIRED');
    if (changing) {
      if (!dto.currentPassword) throw badRequest(MSG.currentPasswordRequired, 'WRONG_PASSWORD');
      if (dto.newPassword !== dto.confirmPassword) throw badRequest(MSG.changePasswordMismatch, 'PASSWORD_MISMATCH');
      if (!(await verifyPassword(user.passwordHash, dto.currentPassword)))
        throw badRequest(MSG.wrongCurrentPassword, 'WRONG_PASSWORD');
      // A change that changes nothing would end the other sessions and say "oppdatert" for nothing.
      if (dto.newPassword === dto.currentPassword || (await verifyPassword(user.passwordHash, dto.newPassword)))
        throw badRequest(MSG.passwordUnchanged, 'PASSWORD_UNCHANGED');
    } else if (dto.newPassword !== dto.confirmPassword) {
      throw badRequest(MSG.setPasswordMismatch, 'PASSWORD_MISMATCH');
    }
    const hash = await hashPassword(dto.newPassword);
    await this.writer.setPasswordHash(user.id, hash);
    user.passwordHash = hash;
    await this.sessions.endOthers(user.id, auth.sessionHash);
    await this.events.emit('credentials.changed', { userId: user.id, change: 'password-changed' });
    return { message: changing ? MSG.passwordUpdated : MSG.passwordSet, changed: changing };
  }
}
