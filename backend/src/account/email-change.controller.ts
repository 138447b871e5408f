import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { IsString, Length } from 'class-validator';
import { MSG, type ConfirmEmailChangeRequest, type StopEmailChangeRequest } from '@academy/contracts';
import { EmailChangeService } from './email-change.service';

/** POST /api/account/email/confirm */
export class ConfirmEmailChangeDto implements ConfirmEmailChangeRequest {
  @IsString({ message: MSG.emailChangeInvalid })
  @Length(20, 128, { message: MSG.emailChangeInvalid })
  token: string;
}

/** POST /api/account/email/stop */
export class StopEmailChangeDto implements StopEmailChangeRequest {
  @IsString({ message: MSG.emailChangeStopInvalid })
  @Length(20, 128, { message: MSG.emailChangeStopInvalid })
  token: string;
}

/**
 * The e-mail change the mentor asked for, from the two mailed links, without a session (each proves
 * its mailbox, as a sign-in link does): the new address confirms it (/bekreft-epost#token=…), the old
 * address stops it while it waits (/stopp-epostendring#token=…).
 */
@Controller('api/account/email')
export class EmailChangeController {
  constructor(private readonly changes: EmailChangeService) {}

  @Post('confirm')
  @HttpCode(200)
  confirm(@Body() dto: ConfirmEmailChangeDto): Promise<{ email: string }> {
    return this.changes.confirm(dto.token);
  }

  @Post('stop')
  @HttpCode(200)
  stop(@Body() dto: StopEmailChangeDto): Promise<{ message: string; email: string }> {
    return this.changes.stop(dto.token);
  }
}
