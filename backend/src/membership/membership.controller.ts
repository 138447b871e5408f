import { Controller, Get, Header } from '@nestjs/common';
import type { MembershipResponse } from '@academy/contracts';
import { CurrentUser, SignedIn } from '../identity/current-user.decorator';
import type { User } from '../identity/entities/user.entity';
import { MembershipService } from './membership.service';

/** The signed-in student's memberships (VIP): the access period, the renewal and the community link. */
@Controller('api/membership')
@SignedIn()
export class MembershipController {
  constructor(private readonly membership: MembershipService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  get(@CurrentUser() user: User): Promise<MembershipResponse> {
    return this.membership.forStudent(user);
  }
}
