import { Inject, Injectable, Optional } from '@nestjs/common';
import type { CreateUserResponse } from '@academy/contracts';
import { GrantsService } from '../courses/grants.service';
import { LeadsService } from '../leads/leads.service';
import { UsersService } from '../users/users.service';
import type { CreateUserDto } from './dto/auth.dto';

export const SIGNUP_EVENTS = Symbol('SIGNUP_EVENTS');

/** A free sign-up as the mail module hears of it. */
export interface SignUp {
  userId: number;
  email: string;
  /** This sign-up made the account. */
  created: boolean;
  /** The account has a password (its owner signs in with it; no sign-in link is mailed). */
  passwordSet: boolean;
}

/** Told about each free sign-up (the mail module sends the welcome with the sign-in link; never throws). */
export interface SignupEvents {
  signedUp(signUp: SignUp): Promise<void>;
}

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
