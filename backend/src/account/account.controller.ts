import { Body, Controller, Delete, Get, HttpCode, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountExport, DeleteAccountResponse } from '../contracts';
import { CurrentUser, SignedIn } from '../auth/current-user.decorator';
import { SessionsService } from '../auth/sessions.service';
import type { User } from '../users/entities/user.entity';
import { AccountService } from './account.service';
import { DeleteAccountDto } from './dto/delete-account.dto';

/** The signed-in user's own data: download it, or delete the account. */
@Controller('api/account')
@SignedIn()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly sessions: SessionsService,
  ) {}

  @Get('export')
  async export(@CurrentUser() user: User, @Res({ passthrough: true }) reply: FastifyReply): Promise<AccountExport> {
    const data = await this.account.export(user);
    reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="mine-data-${data.exportedAt.slice(0, 10)}.json"`);
    return data;
  }

  @Delete()
  @HttpCode(200)
  async delete(
    @CurrentUser() user: User,
    @Body() dto: DeleteAccountDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeleteAccountResponse> {
    const res = await this.account.delete(user, dto);
    await this.sessions.end(req, reply);
    return res;
  }
}
