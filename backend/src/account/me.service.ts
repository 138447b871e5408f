import { Injectable } from '@nestjs/common';
import type { MeResponse } from '@academy/contracts';
import { GrantsService } from '../access/grants.service';
import type { User } from '../identity/entities/user.entity';
import { DiscordLinkingService } from '../community/discord/discord-linking.service';
import { VippsLoginService } from '../vipps-login/vipps-login.service';

/** The signed-in account as the pages see it: who, which role, which courses. */
@Injectable()
export class MeService {
  constructor(
    private readonly grants: GrantsService,
    private readonly discord: DiscordLinkingService,
    private readonly vipps: VippsLoginService,
  ) {}

  async of(user: User): Promise<MeResponse> {
    const [access, discord, vippsLinked] = await Promise.all([
      this.grants.activeAccess(user.id),
      this.discord.statusOf(user.id),
      this.vipps.isLinked(user.id),
    ]);
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      courses: access.courses,
      includedBy: access.includedBy,
      passwordSet: !!user.passwordHash,
      claimed: !!user.claimedAt,
      firstName: user.firstName,
      lastName: user.lastName,
      createdAt: user.createdAt.toISOString(),
      discord,
      vippsLinked,
    };
  }
}
