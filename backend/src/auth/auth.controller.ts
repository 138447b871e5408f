import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, type MeResponse } from '@academy/contracts';
import { unauthenticated } from '../common/app-error';
import type { User } from '../users/entities/user.entity';
import { AuthService } from './auth.service';
import type { AuthContext } from './auth.types';
import { CurrentAuth, CurrentUser, SignedIn } from './current-user.decorator';
import { SetPasswordDto, TokenLoginDto } from './dto/auth.dto';
import { LocalAuthGuard } from './guards/local-auth.guard';
import { LoginThrottleGuard } from './guards/login-throttle.guard';
import { SessionsService } from './sessions.service';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginThrottleGuard, LocalAuthGuard)
  async login(
    @Req() req: FastifyRequest & { user: User },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ user: MeResponse }> {
    await this.auth.login(req.user, req, reply);
    return { user: await this.auth.me(req.user) };
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.end(req, reply);
  }

  @Get('me')
  @SignedIn()
  me(@CurrentUser() user: User): Promise<MeResponse> {
    return this.auth.me(user);
  }

  @Post('password')
  @HttpCode(200)
  @SignedIn()
  async password(@CurrentAuth() auth: AuthContext, @Body() dto: SetPasswordDto): Promise<{ message: string; user: MeResponse }> {
    const { message } = await this.auth.setPassword(auth, dto);
    return { message, user: await this.auth.me(auth.user) };
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
    return { user: await this.auth.me(user) };
  }
}
