import { Injectable } from '@nestjs/common';
import { MeService } from './me.service';
import { AuthService } from '../identity/auth.service';
import type { SessionClient, StartedSession } from '../identity/auth.types';
import { LoginTokensService } from '../identity/login-tokens.service';
import { MSG, type MeResponse } from '@academy/contracts';
import { badRequest } from '../platform/errors/app-error';
import { hashPassword } from '../platform/crypto/password';
import { UserReader } from '../identity/user-reader.service';
import { UserWriter } from '../identity/user-writer.service';
import { BackgroundTasks } from '../outbox/background-tasks';
import type { ForgotPasswordDto, ResetPasswordDto } from './dto/password-reset.dto';
import { MailService } from '../notifications/mail.service';
import { TotpService } from '../identity/totp/totp.service';

/** 'Glemt passord?': a one-time link by e-mail, then a new password that signs the user in. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UserReader,
    private readonly writer: UserWriter,
    private readonly tokens: LoginTokensService,
    private readonly auth: AuthService,
    private readonly mail: MailService,
    private readonly tasks: BackgroundTasks,
    private readonly me: MeService,
    private readonly totp: TotpService,
  ) {}

  /**
   * Always the same neutral answer, and just as fast whether or not the address has an account:
   * the lookup and the mail happen after the answer.
   */
  forgot(dto: ForgotPasswordDto): { message: string } {
    this.tasks.run('Password reset', async () => {
      const user = await this.users.findByEmail(dto.email);
      if (user) await this.mail.sendPasswordReset(user);
    });
    return { message: MSG.forgotPasswordSent };
  }

  /**
   * Uses the link once: sets the password, voids the user's other reset and sign-in links, claims the
   * address (every other session ends) and opens this browser's session (the controller sets its cookie).
   */
  async reset(
    dto: ResetPasswordDto,
    client: SessionClient,
  ): Promise<{ message: string; user: MeResponse; session: StartedSession }> {
    if (dto.newPassword !== dto.confirmPassword) throw badRequest(MSG.setPasswordMismatch, 'PASSWORD_MISMATCH');
    // A second factor is asked before anything changes, as at every sign-in: without the code the link
    // stays unused and the password as it was (docs/decisions.md "Two-factor sign-in").
    const owner = await this.tokens.peek(dto.token, 'reset');
    if (owner === null) throw badRequest(MSG.resetTokenInvalid, 'INVALID_TOKEN');
    // Not on the first claim, which removes a factor enrolled before it (AuthService.claim).
    if ((await this.users.findById(owner))?.claimedAt) await this.totp.requireForSignIn(owner, dto.totp);
    const userId = await this.tokens.consume(dto.token, 'reset');
    const user = userId === null ? null : await this.users.findById(userId);
    if (!user) throw badRequest(MSG.resetTokenInvalid, 'INVALID_TOKEN');
    const hash = await hashPassword(dto.newPassword);
    await this.writer.setPasswordHash(user.id, hash);
    user.passwordHash = hash;
    await this.tokens.voidAll(user.id, 'reset');
    await this.tokens.voidAll(user.id, 'login');
    // A completed reset claims the address: every older session ends, this browser is signed in.
    const session = await this.auth.claim(user, client);
    return { message: MSG.passwordReset, user: await this.me.of(user), session };
  }
}
