import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IsString, Matches } from 'class-validator';
import { CAMPAIGN_CODE_PATTERN, MSG, PARTNER_QUERY_PARAM, type PartnerCodeInfo, type PartnerOverview } from '@academy/contracts';
import { CurrentUser, SignedIn } from '../identity/current-user.decorator';
import type { User } from '../identity/entities/user.entity';
import { badRequest } from '../platform/errors/app-error';
import { RouteLimits } from '../platform/security/route-policy';
import { PartnerPageService } from './partner-page.service';

export class PartnerClickDto {
  @IsString({ message: MSG.campaignCodeInvalid })
  @Matches(CAMPAIGN_CODE_PATTERN, { message: MSG.campaignCodeInvalid })
  code: string;
}

/** A partner's links, the checkout's name for a partner's code, and the partner's own page. */
@Controller()
export class PartnersController {
  constructor(private readonly partners: PartnerPageService) {}

  /**
   * `/p/KODE`: a click counted (per day, nobody's data) and on to the storefront with the code, which the
   * checkout applies. An unknown code goes to the front page without one (nothing to probe).
   */
  @Get('p/:code')
  async link(@Param('code') code: string, @Res() reply: FastifyReply): Promise<void> {
    const known = CAMPAIGN_CODE_PATTERN.test(code) ? await this.partners.recordClick(code) : null;
    const location = known ? `/?${PARTNER_QUERY_PARAM}=${encodeURIComponent(known)}&via=lenke` : '/';
    await reply.code(302).header('cache-control', 'no-store').header('location', location).send();
  }

  /** A storefront page opened with `?partner=KODE`: one click counted. */
  @Post('api/partners/clicks')
  @HttpCode(204)
  async click(@Body() dto: PartnerClickDto): Promise<void> {
    await this.partners.recordClick(dto.code);
  }

  /** «Rabattkode KODE fra …»: the partner a code belongs to (looked up like campaign codes, limited per client). */
  @Get('api/partners/codes/:code')
  @RouteLimits({ name: 'campaign-code-quote', key: 'client', rate: 'writes' })
  codeInfo(@Param('code') code: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<PartnerCodeInfo> {
    reply.header('cache-control', 'no-store');
    if (!CAMPAIGN_CODE_PATTERN.test(code)) return Promise.reject(badCode());
    return this.partners.byCode(code);
  }

  /** The signed-in partner's page: their orders without buyers, totals, clicks and payouts. */
  @Get('api/partner/overview')
  @SignedIn()
  overview(@CurrentUser() user: User, @Res({ passthrough: true }) reply: FastifyReply): Promise<PartnerOverview> {
    reply.header('cache-control', 'no-store');
    return this.partners.overview(user.id);
  }
}

const badCode = () => badRequest(MSG.campaignCodeInvalid, 'VALIDATION_FAILED');
