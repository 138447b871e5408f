import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CampaignCodeQuote } from '@academy/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { clientAddressKey } from '../../platform/security/client-address';
import { WriteLimit } from '../../platform/security/write-limit';
import { CampaignCodesService } from './campaign-codes.service';

@Controller('api/campaign-codes')
export class CampaignCodesController {
  constructor(
    private readonly codes: CampaignCodesService,
    private readonly limits: WriteLimit,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  /**
   * The checkout page's "Har du en kampanjekode?": the price of a course with the code. Looking codes up
   * is limited per client address like writes (RATE_LIMIT_WRITES per window), so codes cannot be guessed
   * in bulk.
   */
  @Get(':code')
  async quote(
    @Param('code') code: string,
    @Query('courseId') courseId: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CampaignCodeQuote> {
    reply.header('cache-control', 'no-store');
    await this.limits.take(
      'campaign-code-quote',
      clientAddressKey(req.ip),
      this.cfg.rateLimitWrites,
      this.cfg.rateLimitWindowSeconds * 1000,
      reply,
    );
    return this.codes.quote(code, courseId);
  }
}
