import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OnEvent, type EventMap } from '../../platform/events';
import { DiscordRoleSyncService } from './discord-role-sync.service';

/**
 * Roles follow access: a grant (a purchase, the mentor's grant, an upgrade, VIP, the start of a
 * mentorship period) and a revocation (a full refund, a revoke, the end of VIP) write the wanted role
 * changes in the same transaction; the queue's worker carries them out at Discord.
 */
@Injectable()
export class DiscordListeners {
  constructor(private readonly discord: DiscordRoleSyncService) {}

  @OnEvent('access.granted', { phase: 'in-transaction' })
  async accessGranted(e: EventMap['access.granted'], m: EntityManager): Promise<void> {
    await this.discord.accessChanged(m, e.userId, e.courseIds, 'add', 'access.granted');
  }

  @OnEvent('access.revoked', { phase: 'in-transaction' })
  async accessRevoked(e: EventMap['access.revoked'], m: EntityManager): Promise<void> {
    await this.discord.accessChanged(m, e.userId, e.courseIds, 'remove', 'access.revoked');
  }
}
