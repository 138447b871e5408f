import { Inject, Injectable, Optional } from '@nestjs/common';
import type { CreateUserResponse } from '../contracts';
import { GrantsService } from '../courses/grants.service';
import { LeadsService } from '../leads/leads.service';
import { UsersService } from '../users/users.service';
import type { CreateUserDto } from './dto/auth.dto';
import { LoginTokensService } from './login-tokens.service';

export const SIGNUP_EVENTS = Symbol('SIGNUP_EVENTS');

/** Told about each account the free sign-up created (the mail module sends the welcome; never throws). */
export interface SignupEvents {
  accountCreated(account: { userId: number; email: string }): Promise<void>;
}

/**
 * The free sign-up (SPEC §7 `create-user`): records the lead, finds or creates a passwordless
 * account, grants Starter and hands out a one-time login token (15 minutes, single use).
 * A token is only handed out for an account this call created: typing someone else's
 * address must never sign you in as them.
 */
@Injectable()
export class CreateUserService {
  constructor(
    private readonly users: UsersService,
    private readonly grants: GrantsService,
    private readonly leads: LeadsService,
    private readonly tokens: LoginTokensService,
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
    if (!created) return { success: true, userId: user.id, created };
    await this.events?.accountCreated({ userId: user.id, email: user.email });
    const token = await this.tokens.issue(user.id);
    return { success: true, token, userId: user.id, created };
  }
}
