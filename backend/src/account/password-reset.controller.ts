import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MeResponse } from '@academy/contracts';
import { SessionCookie } from '../identity/session-cookie';
import { RouteLimits } from '../platform/security/route-policy';
import { ForgotPasswordDto, ResetPasswordDto } from './dto/password-reset.dto';
import { PasswordResetService } from './password-reset.service';

@Controller('api/auth')
export class PasswordResetController {
  constructor(
    private readonly service: PasswordResetService,
    private readonly cookie: SessionCookie,
  ) {}

  /**
   * 'Glemt passord?' requests are limited per client address (an IPv6 client by its /64) and per account
   * or, without one, per normalised e-mail address, across instances, exactly. Known and unknown
   * addresses count alike, so the limit tells nothing either.
   */
  @Post('forgot-password')
  @HttpCode(200)
  @RouteLimits(
    { name: 'pwreset', key: 'client', rate: 'passwordResetPerIp', exact: true },
    { name: 'pwreset', key: 'email', rate: 'passwordResetPerAddress', exact: true },
  )
  forgot(@Body() dto: ForgotPasswordDto): { message: string } {
    return this.service.forgot(dto);
  }

  @Post('reset-password')
  @HttpCode(200)
  async reset(
    @Body() dto: ResetPasswordDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ message: string; user: MeResponse }> {
    const { session, ...answer } = await this.service.reset(dto, this.cookie.client(req));
    this.cookie.set(req, reply, session);
    return answer;
  }
}
