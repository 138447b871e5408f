import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, type MeResponse } from '@academy/contracts';
import { unauthenticated } from '../platform/errors/app-error';
import type { User } from '../identity/entities/user.entity';
import { AuthService } from '../identity/auth.service';
import type { AuthContext } from '../identity/auth.types';
import { CurrentAuth, CurrentUser, SignedIn } from '../identity/current-user.decorator';
import { SetPasswordDto, TokenLoginDto } from '../identity/dto/auth.dto';
import { LocalAuthGuard } from '../identity/guards/local-auth.guard';
import { LoginThrottleGuard } from '../identity/guards/login-throttle.guard';
import { SessionsService } from '../identity/sessions.service';
import { MeService } from './me.service';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly me: MeService,
  ) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginThrottleGuard, LocalAuthGuard)
  async login(
    @Req() req: FastifyRequest & { user: User },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ user: MeResponse }> {
    await this.auth.login(req.user, req, reply);
    return { user: await this.me.of(req.user) };
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.end(req, reply);
  }

  @Get('me')
  @SignedIn()
  current(@CurrentUser() user: User): Promise<MeResponse> {
    return this.me.of(user);
  }

  @Post('password')
  @HttpCode(200)
  @SignedIn()
  async password(@CurrentAuth() auth: AuthContext, @Body() dto: SetPasswordDto): Promise<{ message: string; user: MeResponse }> {
    const { message } = await this.auth.setPassword(auth, dto);
    return { message, user: await this.me.of(auth.user) };
  }

  @Post('token-login')
  @HttpCode(200)
  async tokenLogin(
    @Body() dto: TokenLoginDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ user: MeResponse }> {
    const user = await this.auth.tokenLogin(dto.token, { switchAccount: dto.switchAccount }, req, reply);
    if (!user) throw unauthenticated(MSG.invalidToken, 'INVALID_TOKEN');
    return { user: await this.me.of(user) };
  }
}
