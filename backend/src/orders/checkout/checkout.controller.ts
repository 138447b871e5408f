import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RouteLimits } from '../../platform/security/route-policy';
import type { CheckoutQuoteResponse, CheckoutSessionResponse } from '@academy/contracts';
import { SessionCookie } from '../../identity/session-cookie';
import { CheckoutService, type CheckoutStatus } from './checkout.service';
import { CheckoutQuoteQueryDto } from '../dto/checkout-quote.dto';
import { CreateCheckoutSessionDto } from '../dto/create-checkout-session.dto';

/**
 * Polls of the success page per minute. The page asks every 2.5 s for at most 2 minutes (24 a minute);
 * one session may be open in two tabs. Per client address only polls of references that do not exist
 * are counted (guessing): buyers behind one address (a mobile operator's CGNAT) each follow their own
 * payment, and one buyer's polls are never refused because of the others'. See
 * docs/decisions.md "The success page's poll: limited per payment, and per address only when guessing".
 */
export const STATUS_POLL_WINDOW_MS = 60_000;
export const STATUS_POLLS_PER_CLIENT = 60;
export const STATUS_POLLS_PER_SESSION = 40;

@Controller('api/checkout')
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly cookie: SessionCookie,
  ) {}

  /**
   * What the checkout will charge the student signed in (an upgrade's credit, then the campaign code).
   * With a code it is limited per client address like the code lookup (the same counters), so codes
   * cannot be guessed in bulk.
   */
  @Get('quote')
  @RouteLimits({ name: 'campaign-code-quote', key: 'client', rate: 'writes', ifQuery: 'campaignCode' })
  async quote(
    @Query() query: CheckoutQuoteQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CheckoutQuoteResponse> {
    reply.header('cache-control', 'no-store');
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
   * The success page's status. Each poll may ask Stripe, so it is limited per session id (counted
   * across instances, exactly: a burst of concurrent polls never passes more than the limit), besides
   * the short shared read in the service; polls of references that do not exist are limited per client
   * address (past the limit the 404 is a 429).
   */
  @Get('sessions/:id')
  @RouteLimits(
    {
      name: 'checkout-status-client',
      key: 'client',
      rate: { hits: STATUS_POLLS_PER_CLIENT, windowMs: STATUS_POLL_WINDOW_MS },
      exact: true,
      notFoundOnly: true,
    },
    {
      name: 'checkout-status-session',
      key: 'param:id',
      rate: { hits: STATUS_POLLS_PER_SESSION, windowMs: STATUS_POLL_WINDOW_MS },
      exact: true,
    },
  )
  async status(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CheckoutStatus> {
    reply.header('cache-control', 'no-store');
    const { result, session } = await this.checkout.status(id, this.cookie.client(req));
    if (session) this.cookie.set(req, reply, session);
    return result;
  }
}
