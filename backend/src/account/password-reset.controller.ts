import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MeResponse } from '@academy/contracts';
import { SessionCookie } from '../identity/session-cookie';
import { ForgotPasswordDto, ResetPasswordDto } from './dto/password-reset.dto';
import { ForgotPasswordThrottleGuard } from './forgot-password-throttle.guard';
import { PasswordResetService } from './password-reset.service';

@Controller('api/auth')
export class PasswordResetController {
  constructor(
    private readonly service: PasswordResetService,
    private readonly cookie: SessionCookie,
  ) {}

  @Post('forgot-password')
  @HttpCode(200)
  @UseGuards(ForgotPasswordThrottleGuard)
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
