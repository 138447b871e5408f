import { Body, Controller, Delete, Get, HttpCode, Patch, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, type AccountExport, type AccountNameResponse, type DeleteAccountResponse } from '@academy/contracts';
import { forbidden } from '../platform/errors/app-error';
import { CurrentUser, SignedIn } from '../identity/current-user.decorator';
import { SessionCookie } from '../identity/session-cookie';
import type { User } from '../identity/entities/user.entity';
import { AccountNameService } from './account-name.service';
import { AccountService } from './account.service';
import { DeleteAccountDto } from './dto/delete-account.dto';
import { UpdateAccountNameDto } from './dto/update-account-name.dto';

/** The signed-in user's own data: download it, or delete the account. */
@Controller('api/account')
@SignedIn()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly names: AccountNameService,
    private readonly cookie: SessionCookie,
  ) {}

  @Get('export')
  async export(@CurrentUser() user: User, @Res({ passthrough: true }) reply: FastifyReply): Promise<AccountExport> {
    requireClaimed(user);
    const data = await this.account.export(user);
    reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="mine-data-${data.exportedAt.slice(0, 10)}.json"`);
    return data;
  }

  /** The account's name (for certificates). */
  @Patch()
  setName(@CurrentUser() user: User, @Body() dto: UpdateAccountNameDto): Promise<AccountNameResponse> {
    return this.names.setName(user, dto.firstName, dto.lastName);
  }

  @Delete()
  @HttpCode(200)
  async delete(
    @CurrentUser() user: User,
    @Body() dto: DeleteAccountDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeleteAccountResponse> {
    requireClaimed(user);
    const res = await this.account.delete(user, dto);
    await this.cookie.end(req, reply);
    return res;
  }
}

/**
 * The account's data and its deletion belong to whoever proved the address (used a mailed link or
 * knows the password), not to a session the receipt page opened before that.
 */
function requireClaimed(user: User): void {
  if (user.claimedAt === null) throw forbidden(MSG.claimRequiredForData, 'CLAIM_REQUIRED');
}
