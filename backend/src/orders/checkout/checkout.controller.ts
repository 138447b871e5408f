import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressKey } from '../../platform/security/client-address';
import { WriteLimit } from '../../platform/security/write-limit';
import type { CheckoutQuoteResponse, CheckoutSessionResponse } from '@academy/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { SessionCookie } from '../../identity/session-cookie';
import { CheckoutService, type CheckoutStatus } from './checkout.service';
import { CheckoutQuoteQueryDto } from '../dto/checkout-quote.dto';
import { CreateCheckoutSessionDto } from '../dto/create-checkout-session.dto';

/**
 * Polls of the success page per minute. The page asks every 2.5 s for at most 2 minutes (24 a minute);
 * one client may follow a few payments at once, one session may be open in two tabs.
 */
export const STATUS_POLL_WINDOW_MS = 60_000;
export const STATUS_POLLS_PER_CLIENT = 60;
export const STATUS_POLLS_PER_SESSION = 40;

@Controller('api/checkout')
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly limits: WriteLimit,
    private readonly cookie: SessionCookie,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /**
   * What the checkout will charge the student signed in (an upgrade's credit, then the campaign code).
   * With a code it is limited per client address like the code lookup, so codes cannot be guessed in bulk.
   */
  @Get('quote')
  async quote(
    @Query() query: CheckoutQuoteQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CheckoutQuoteResponse> {
    reply.header('cache-control', 'no-store');
    if (query.campaignCode !== undefined)
      await this.limits.take(
        'campaign-code-quote',
        clientAddressKey(req.ip),
        this.cfg.rateLimitWrites,
        this.cfg.rateLimitWindowSeconds * 1000,
        reply,
      );
    return this.checkout.quote(query, this.cookie.client(req));
  }

  @Post('sessions')
  @HttpCode(201)
  async create(
    @Body() dto: CreateCheckoutSessionDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CheckoutSessionResponse> {
    const { result, session } = await this.checkout.createSession(dto, this.cookie.client(req));
    if (session) this.cookie.set(req, reply, session);
    return result;
  }

  /**
   * The success page's status. Each poll may ask Stripe, so it is limited per client address and per
   * session id (counted across instances), besides the short shared read in the service.
   */
  @Get('sessions/:id')
  async status(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CheckoutStatus> {
    reply.header('cache-control', 'no-store');
    // Exact counts (one statement per poll): a burst of concurrent polls never passes more than the limit.
    const exact = { exact: true };
    await this.limits.take(
      'checkout-status-client',
      clientAddressKey(req.ip),
      STATUS_POLLS_PER_CLIENT,
      STATUS_POLL_WINDOW_MS,
      reply,
      exact,
    );
    await this.limits.take('checkout-status-session', id, STATUS_POLLS_PER_SESSION, STATUS_POLL_WINDOW_MS, reply, exact);
    const { result, session } = await this.checkout.status(id, this.cookie.client(req));
    if (session) this.cookie.set(req, reply, session);
    return result;
  }
}
