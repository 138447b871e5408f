import { Inject, Injectable, Optional } from '@nestjs/common';
import type { CreateUserResponse } from '@academy/contracts';
import { GrantsService } from '../access/grants.service';
import { LeadsService } from '../leads/leads.service';
import { UsersService } from '../identity/users.service';
import type { CreateUserDto } from '../identity/dto/auth.dto';
import { SIGNUP_EVENTS, type SignupEvents } from '../mail/signup-events';

/**
 * The free sign-up (SPEC §7 `create-user`): records the lead, finds or creates a passwordless
 * account and grants Starter. It never signs anyone in: typing an address proves nothing
 * (DECISIONS "Who gets a session"). The welcome mail carries the one-time sign-in link, to the
 * address itself; the answer is the same whether or not the address had an account.
 */
@Injectable()
export class CreateUserService {
  constructor(
    private readonly users: UsersService,
    private readonly grants: GrantsService,
    private readonly leads: LeadsService,
    @Optional() @Inject(SIGNUP_EVENTS) private readonly events?: SignupEvents,
  ) {}

  async createUser(dto: CreateUserDto): Promise<CreateUserResponse & { userId: number; created: boolean }> {
    const attribution = { ...dto.attribution, trafficSource: dto.trafficSource };
    const { user, created } = await this.users.findOrCreatePasswordless({ email: dto.email, attribution });
    await this.leads.record({
      email: dto.email,
      courseType: dto.courseType,
      source: dto.trafficSource,
      attribution,
      userId: user.id,
    });
    if (created) await this.leads.linkToUser(user.email, user.id);
    await this.grants.grant({ userId: user.id, courseId: 'starter', source: 'free' });
    await this.events?.signedUp({ userId: user.id, email: user.email, created, passwordSet: !!user.passwordHash });
    return { success: true, userId: user.id, created };
  }
}
