import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { CampaignCodeQuote } from '@academy/contracts';
import { RouteLimits } from '../../platform/security/route-policy';
import { CampaignCodesService } from './campaign-codes.service';

@Controller('api/campaign-codes')
export class CampaignCodesController {
  constructor(private readonly codes: CampaignCodesService) {}

  /**
   * The checkout page's "Har du en kampanjekode?": the price of a course with the code. Looking codes up
   * is limited per client address like writes (RATE_LIMIT_WRITES per window), so codes cannot be guessed
   * in bulk.
   */
  @Get(':code')
  @RouteLimits({ name: 'campaign-code-quote', key: 'client', rate: 'writes' })
  async quote(
    @Param('code') code: string,
    @Query('courseId') courseId: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CampaignCodeQuote> {
    reply.header('cache-control', 'no-store');
    return this.codes.quote(code, courseId);
  }
}
