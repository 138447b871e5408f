import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, type MeResponse } from '@academy/contracts';
import { unauthenticated } from '../platform/errors/app-error';
import type { User } from '../identity/entities/user.entity';
import { AuthService } from '../identity/auth.service';
import type { AuthContext } from '../identity/auth.types';
import { CurrentAuth, SignedIn } from '../identity/current-user.decorator';
import { SetPasswordDto, TokenLoginDto } from '../identity/dto/auth.dto';
import { LocalAuthGuard } from '../identity/guards/local-auth.guard';
import { SessionCookie } from '../identity/session-cookie';
import { RouteLimits } from '../platform/security/route-policy';
import { MeService } from './me.service';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookie: SessionCookie,
    private readonly me: MeService,
  ) {}

  /**
   * Sign-in attempts are limited per client address (an IPv6 client by its /64) and per account (every
   * spelling of an address counts against the one account it names), across instances, exactly.
   */
  @Post('login')
  @HttpCode(200)
  @RouteLimits(
    { name: 'login', key: 'client', rate: 'login', exact: true },
    { name: 'login', key: 'email', rate: 'login', exact: true },
  )
  @UseGuards(LocalAuthGuard)
  async login(
    @Req() req: FastifyRequest & { user: User },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ user: MeResponse }> {
    this.cookie.set(req, reply, await this.auth.login(req.user, this.cookie.client(req)));
    return { user: await this.me.of(req.user) };
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.cookie.end(req, reply);
  }

  /**
   * Who is signed in: the profile, or `null` (200) when nobody is. Every page asks this first, so a
   * signed-out visitor is an answer, not an error (no 401 in the browser's console on every public page).
   */
  @Get('me')
  async current(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<MeResponse | null> {
    const auth = await this.cookie.resolve(req);
    if (auth) return this.me.of(auth.user);
    void reply.type('application/json; charset=utf-8');
    return null;
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
    const signedIn = await this.auth.tokenLogin(
      dto.token,
      { switchAccount: dto.switchAccount, totp: dto.totp },
      this.cookie.client(req),
    );
    if (!signedIn) throw unauthenticated(MSG.invalidToken, 'INVALID_TOKEN');
    this.cookie.set(req, reply, signedIn.session);
    return { user: await this.me.of(signedIn.user) };
  }
}
