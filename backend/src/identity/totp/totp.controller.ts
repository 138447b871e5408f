import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MSG,
  type ReauthResponse,
  type TotpEnableResponse,
  type TotpSetupResponse,
  type TotpStatusResponse,
} from '@academy/contracts';
import type { User } from '../entities/user.entity';
import type { AuthContext } from '../auth.types';
import { CurrentAuth, CurrentUser, SignedIn } from '../current-user.decorator';
import { SecondFactorThrottle } from './second-factor-throttle';
import { DisableTotpDto, EnableTotpDto, ReauthDto } from './totp.dto';
import { TwoFactorService } from './two-factor.service';

/** The second factor of the signed-in account, and re-authentication. */
@Controller('api/auth')
@SignedIn()
export class TotpController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly throttle: SecondFactorThrottle,
  ) {}

  @Get('totp')
  status(@CurrentUser() user: User): Promise<TotpStatusResponse> {
    return this.twoFactor.status(user);
  }

  /** A new secret and its `otpauth://` address (for the QR code); pending until confirmed. */
  @Post('totp/setup')
  @HttpCode(200)
  setup(@CurrentAuth() auth: AuthContext): Promise<TotpSetupResponse> {
    return this.twoFactor.setup(auth);
  }

  /** Confirms the setup with a code: the factor is on; answers the recovery codes this once. */
  @Post('totp/enable')
  @HttpCode(200)
  async enable(
    @CurrentAuth() auth: AuthContext,
    @Body() dto: EnableTotpDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TotpEnableResponse> {
    await this.throttle.hit(req, reply, auth.user.id);
    return this.twoFactor.enable(auth, dto.code);
  }

  /** Turns the factor off (password and a code or recovery code). */
  @Post('totp/disable')
  @HttpCode(200)
  async disable(
    @CurrentAuth() auth: AuthContext,
    @Body() dto: DisableTotpDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ message: string }> {
    await this.throttle.hit(req, reply, auth.user.id);
    await this.twoFactor.disable(auth, dto);
    return { message: MSG.totpDisabled };
  }

  /** The password again (and the second factor when enrolled): the session counts as freshly signed in. */
  @Post('reauth')
  @HttpCode(200)
  async reauth(
    @CurrentAuth() auth: AuthContext,
    @Body() dto: ReauthDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReauthResponse> {
    await this.throttle.hit(req, reply, auth.user.id);
    return this.twoFactor.reauth(auth, dto);
  }
}
