import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VIPPS_LOGIN_MSG, type VippsLoginConfirmed, type VippsLoginDone, type VippsLoginPending } from '@academy/contracts';
import { CurrentUser, SignedIn } from '../identity/current-user.decorator';
import type { User } from '../identity/entities/user.entity';
import { SessionCookie } from '../identity/session-cookie';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { RouteLimits } from '../platform/security/route-policy';
import { VippsCodeDto, VippsConfirmDto, VippsConfirmLinkDto } from './vipps-login.dto';
import { LOGIN_PAGE, type VippsOutcome } from './vipps-login.rules';
import { VippsLoginService } from './vipps-login.service';
import { VippsLoginSteps } from './vipps-login-steps.service';

/** «Logg inn med Vipps» per client: at most this many starts in the window (an attempt lives 10 minutes). */
export const VIPPS_LOGIN_STARTS_PER_WINDOW = 30;
export const VIPPS_LOGIN_START_WINDOW_MS = 10 * 60_000;
/** The browser's attempt cookie lives as long as the longest step after Vipps. */
const ATTEMPT_COOKIE_S = 30 * 60;
/**
 * Password and code checks of the steps after Vipps count as sign-in attempts, on the same counters as
 * `POST /api/auth/login`: per client and per account (the body's `email`).
 */
const LOGIN_LIMITS = [
  { name: 'login', key: 'client', rate: 'login', exact: true },
  { name: 'login', key: 'email', rate: 'login', exact: true },
] as const;

/**
 * «Logg inn med Vipps»: to Vipps and back (302s the pages link to), then the steps the page
 * `/login/vipps` shows (the account's one-time code, the holder's confirmation). The attempt is bound
 * to the browser by an HttpOnly cookie; the state, nonce and PKCE verifier live in the database.
 */
@Controller('api/auth/vipps')
export class VippsLoginController {
  constructor(
    private readonly vipps: VippsLoginService,
    private readonly steps: VippsLoginSteps,
    private readonly cookie: SessionCookie,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /** The attempt cookie's name: `__Host-` where cookies are secure (HTTPS). */
  private get attemptCookie(): string {
    return this.cfg.secureCookies ? '__Host-vipps_login' : 'vipps_login';
  }

  private browser(req: FastifyRequest): string | null {
    const v = req.cookies?.[this.attemptCookie];
    return typeof v === 'string' ? v : null;
  }

  private setBrowser(reply: FastifyReply, token: string): void {
    reply.setCookie(this.attemptCookie, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.cfg.secureCookies,
      path: '/',
      maxAge: ATTEMPT_COOKIE_S,
    });
  }

  private redirect(reply: FastifyReply, location: string): void {
    void reply.status(302).header('location', location).header('cache-control', 'no-store').send();
  }

  /**
   * 302 to Vipps' authorize endpoint (state, nonce, PKCE S256, the registered redirect URI); `next` a
   * path on this site. Vipps unreachable or not set up: back to the sign-in page with the reason.
   */
  @Get('start')
  @RouteLimits({
    name: 'vipps-login-start',
    key: 'client',
    rate: { hits: VIPPS_LOGIN_STARTS_PER_WINDOW, windowMs: VIPPS_LOGIN_START_WINDOW_MS },
    exact: true,
    redirect: `${LOGIN_PAGE}?vipps=opptatt`,
  })
  async start(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { location, browserToken } = await this.vipps.start(query.next, this.browser(req));
    if (browserToken) this.setBrowser(reply, browserToken);
    this.redirect(reply, location);
  }

  /** Vipps sends the browser back here: on to `next` signed in, to `/login/vipps` for a step, or to the sign-in page with the reason. */
  @Get('callback')
  async callback(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const outcome = await this.vipps.callback(query, this.browser(req), this.cookie.client(req));
    this.finish(req, reply, outcome);
    this.redirect(reply, outcome.location);
  }

  private finish(req: FastifyRequest, reply: FastifyReply, outcome: VippsOutcome): void {
    if (outcome.session) this.cookie.set(req, reply, outcome.session);
  }

  /** What this browser still has to do after Vipps; 404 when nothing waits. */
  @Get('pending')
  pending(@Req() req: FastifyRequest): Promise<VippsLoginPending> {
    return this.steps.pending(this.browser(req));
  }

  /** The account's one-time code after Vipps. */
  @Post('totp')
  @HttpCode(200)
  @RouteLimits(...LOGIN_LIMITS)
  async totp(
    @Body() dto: VippsCodeDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VippsLoginDone> {
    const outcome = await this.steps.withCode(this.browser(req), dto.email, dto.totp, this.cookie.client(req));
    this.finish(req, reply, outcome);
    return { next: outcome.location };
  }

  /** The holder confirms the link with the account's password (and code). */
  @Post('confirm')
  @HttpCode(200)
  @RouteLimits(...LOGIN_LIMITS)
  async confirm(
    @Body() dto: VippsConfirmDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VippsLoginDone> {
    const outcome = await this.steps.confirmWithPassword(this.browser(req), dto, this.cookie.client(req));
    this.finish(req, reply, outcome);
    return { next: outcome.location };
  }

  /** …or asks for a confirmation link to the account's address. */
  @Post('confirm/mail')
  @HttpCode(200)
  @RouteLimits({ name: 'vipps-confirm-mail', key: 'client', rate: 'passwordResetPerIp', exact: true })
  mail(@Req() req: FastifyRequest): Promise<{ message: string }> {
    return this.steps.mailConfirmation(this.browser(req));
  }

  /** The mailed link (`/vipps-kobling#token=…`): linked and signed in, or on to the one-time code. */
  @Post('confirm/link')
  @HttpCode(200)
  async confirmLink(
    @Body() dto: VippsConfirmLinkDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VippsLoginConfirmed> {
    const { result, session, browserToken } = await this.steps.confirmByLink(dto.token, this.cookie.client(req));
    if (browserToken) this.setBrowser(reply, browserToken);
    if (session) this.cookie.set(req, reply, session);
    return result;
  }
}

/** «Koble fra Vipps» in the account settings. */
@Controller('api/account/vipps')
@SignedIn()
export class VippsAccountController {
  constructor(private readonly vipps: VippsLoginService) {}

  @Delete()
  async unlink(@CurrentUser() user: User): Promise<{ message: string; vippsLinked: false }> {
    await this.vipps.unlink(user);
    return { message: VIPPS_LOGIN_MSG.unlinked, vippsLinked: false };
  }
}
