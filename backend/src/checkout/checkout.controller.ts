import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CheckoutSessionResponse } from '../contracts';
import { CheckoutService, type CheckoutStatus } from './checkout.service';
import { CreateCheckoutSessionDto } from './dto/create-checkout-session.dto';

@Controller('api/checkout')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Post('sessions')
  @HttpCode(201)
  create(
    @Body() dto: CreateCheckoutSessionDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CheckoutSessionResponse> {
    return this.checkout.createSession(dto, req, reply);
  }

  @Get('sessions/:id')
  async status(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CheckoutStatus> {
    reply.header('cache-control', 'no-store');
    return this.checkout.status(id, req, reply);
  }
}
