import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
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
import { RouteLimits, type RouteLimit } from '../../platform/security/route-policy';
import { DisableTotpDto, EnableTotpDto, ReauthDto } from './totp.dto';
import { TwoFactorService } from './two-factor.service';

/**
 * Password and code checks behind a session (re-authentication, turning the second factor on or off)
 * count like sign-in attempts: RATE_LIMIT_LOGIN per window, per client address and per account, with
 * exact counters, so a stolen session cannot guess the password or a code.
 */
const SECOND_FACTOR_LIMITS: RouteLimit[] = [
  { name: 'reauth', key: 'client', rate: 'login', exact: true },
  { name: 'reauth', key: 'account', rate: 'login', exact: true },
];

/** The second factor of the signed-in account, and re-authentication. */
@Controller('api/auth')
@SignedIn()
export class TotpController {
  constructor(private readonly twoFactor: TwoFactorService) {}

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
  @RouteLimits(...SECOND_FACTOR_LIMITS)
  enable(@CurrentAuth() auth: AuthContext, @Body() dto: EnableTotpDto): Promise<TotpEnableResponse> {
    return this.twoFactor.enable(auth, dto.code);
  }

  /** Turns the factor off (password and a code or recovery code). */
  @Post('totp/disable')
  @HttpCode(200)
  @RouteLimits(...SECOND_FACTOR_LIMITS)
  async disable(@CurrentAuth() auth: AuthContext, @Body() dto: DisableTotpDto): Promise<{ message: string }> {
    await this.twoFactor.disable(auth, dto);
    return { message: MSG.totpDisabled };
  }

  /** The password again (and the second factor when enrolled): the session counts as freshly signed in. */
  @Post('reauth')
  @HttpCode(200)
  @RouteLimits(...SECOND_FACTOR_LIMITS)
  reauth(@CurrentAuth() auth: AuthContext, @Body() dto: ReauthDto): Promise<ReauthResponse> {
    return this.twoFactor.reauth(auth, dto);
  }
}
