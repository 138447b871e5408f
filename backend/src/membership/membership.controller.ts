import { Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import type { MembershipPortalResponse, MembershipResponse } from '@academy/contracts';
import { CurrentUser, SignedIn } from '../identity/current-user.decorator';
import type { User } from '../identity/entities/user.entity';
import { RouteLimits, type RouteLimit } from '../platform/security/route-policy';
import { MembershipRenewalService } from './membership-renewal.service';
import { MembershipService } from './membership.service';

/** Each calls the payment provider: counted per account too (as many as writes), so no session makes Stripe calls in a loop. */
export const RENEWAL_LIMIT: RouteLimit = { name: 'membership-renewal', key: 'account', rate: 'writes' };

/**
 * The signed-in student's memberships (VIP): the access period, the renewal and the community link;
 * «Si opp», «Slå på fornyelse igjen» and the card (docs/decisions.md "Memberships").
 */
@Controller('api/membership')
@SignedIn()
export class MembershipController {
  constructor(
    private readonly membership: MembershipService,
    private readonly renewal: MembershipRenewalService,
  ) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  get(@CurrentUser() user: User): Promise<MembershipResponse> {
    return this.membership.forStudent(user);
  }

  /** «Si opp»: no more renewals; the paid period runs to its end. Answers the memberships as they are now. */
  @Post('cancel-renewal')
  @HttpCode(200)
  @RouteLimits(RENEWAL_LIMIT)
  async cancel(@CurrentUser() user: User): Promise<MembershipResponse> {
    await this.renewal.cancel(user.id);
    return this.membership.forStudent(user);
  }

  /** «Slå på fornyelse igjen», while the period runs. */
  @Post('resume-renewal')
  @HttpCode(200)
  @RouteLimits(RENEWAL_LIMIT)
  async resume(@CurrentUser() user: User): Promise<MembershipResponse> {
    await this.renewal.resume(user.id);
    return this.membership.forStudent(user);
  }

  /** Stripe's customer portal, where a card member changes the card. */
  @Post('portal-session')
  @HttpCode(200)
  @RouteLimits(RENEWAL_LIMIT)
  portal(@CurrentUser() user: User): Promise<MembershipPortalResponse> {
    return this.renewal.portal(user.id);
  }
}
