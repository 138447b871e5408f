import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstTouchAttribution, type CreateUserResponse } from '@academy/contracts';
import { GrantsService } from '../access/grants.service';
import { LeadsService } from '../leads/leads.service';
import { UserWriter } from '../identity/user-writer.service';
import type { CreateUserDto } from '../identity/dto/auth.dto';
import { CrashPoints, EventBus } from '../platform/events';

/**
 * The free sign-up: records the lead, finds or creates a passwordless
 * account and grants Starter. It never signs anyone in: typing an address proves nothing
 * (docs/decisions.md "Who gets a session"). The welcome mail carries the one-time sign-in link, to the
 * address itself; the answer is the same whether or not the address had an account.
 */
@Injectable()
export class CreateUserService {
  constructor(
    private readonly users: UserWriter,
    private readonly grants: GrantsService,
    private readonly leads: LeadsService,
    private readonly events: EventBus,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly crash: CrashPoints,
  ) {}

  async createUser(
    dto: CreateUserDto,
    ip: string | null = null,
  ): Promise<CreateUserResponse & { userId: number; created: boolean }> {
    // The visit's first touch (the page's own code only when the browser knew none) goes on the lead;
    // a new account takes the person's first touch: that of an earlier lead of the address, if any
    // (docs/decisions.md "Attribution": one value for lead, account and order).
    const attribution = firstTouchAttribution(dto);
    const firstTouch = (await this.leads.firstTouchOf(dto.email)) ?? attribution;
    const { user, created } = await this.users.findOrCreatePasswordless({ email: dto.email, attribution: firstTouch });
    await this.leads.record({
      email: dto.email,
      courseType: dto.courseType,
      source: dto.trafficSource,
      attribution,
      userId: user.id,
    });
    if (created) await this.leads.linkToUser(user.email, user.id);
    // The Starter grant and the welcome (with its sign-in link) are one transaction: a crash after
    // the commit cannot leave a grant without its mail, and a retried sign-up sends what is missing.
    const signedUp = { userId: user.id, email: user.email, created, passwordSet: !!user.passwordHash };
    await this.ds.transaction(async (m) => {
      await this.grants.grant({ userId: user.id, courseId: 'starter', source: 'free' }, m);
      await this.events.emitInTransaction('user.signedUp', signedUp, m);
    });
    this.crash.reached('user.signedUp:after-commit');
    await this.events.emit('user.signedUp', signedUp);
    // Marketing hears of the lead (consent when the box was ticked; sequences that start on a lead).
    await this.events.emit('lead.captured', {
      email: user.email,
      courseType: dto.courseType,
      trafficSource: attribution.trafficSource ?? null,
      source: dto.trafficSource,
      marketingConsent: dto.marketingConsent === true,
      ip,
      userId: user.id,
    });
    return { success: true, userId: user.id, created };
  }
}
