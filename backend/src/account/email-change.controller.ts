import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IsString, Length } from 'class-validator';
import { MSG, type ConfirmEmailChangeRequest } from '@academy/contracts';
import { LoginTokensService } from '../identity/login-tokens.service';
import { UserWriter } from '../identity/user-writer.service';
import { AuditService } from '../platform/audit/audit.service';
import { badRequest, conflict } from '../platform/errors/app-error';

/** POST /api/account/email/confirm */
export class ConfirmEmailChangeDto implements ConfirmEmailChangeRequest {
  @IsString({ message: MSG.emailChangeInvalid })
  @Length(20, 128, { message: MSG.emailChangeInvalid })
  token: string;
}

/**
 * The student confirms the new e-mail address the mentor entered, with the link mailed to that
 * address (/bekreft-epost#token=…): the address becomes the account's, audited. The link works
 * once; without a session (it proves the mailbox, as a sign-in link does).
 */
@Controller('api/account/email')
export class EmailChangeController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly tokens: LoginTokensService,
    private readonly users: UserWriter,
    private readonly audit: AuditService,
  ) {}

  @Post('confirm')
  @HttpCode(200)
  async confirm(@Body() dto: ConfirmEmailChangeDto): Promise<{ email: string }> {
    // The link works once, whatever follows: a second click finds it used.
    const userId = await this.tokens.consume(dto.token, 'email_change');
    if (userId === null) throw badRequest(MSG.emailChangeInvalid, 'INVALID_TOKEN');
    const done = await this.ds.transaction(async (m) => {
      const changed = await this.users.confirmPendingEmail(userId, m);
      if (changed === false) throw conflict(MSG.emailChangeTaken);
      if (changed === null) return null;
      await this.audit.record(m, null, {
        action: 'user.email_change',
        entity: 'user',
        entityId: userId,
        before: { email: changed.before },
        after: { email: changed.after },
      });
      return changed;
    });
    // The mentor called the change off (or another link confirmed it) after this one was mailed.
    if (!done) throw badRequest(MSG.emailChangeInvalid, 'INVALID_TOKEN');
    return { email: done.after };
  }
}
