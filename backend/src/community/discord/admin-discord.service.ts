import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { DISCORD_MSG, type AdminDiscordView } from '@academy/contracts';
import type { User } from '../../identity/entities/user.entity';
import { AuditService } from '../../platform/audit/audit.service';
import { notFound } from '../../platform/errors/app-error';
import { DiscordLink } from '../entities/discord-link.entity';
import { DiscordRoleChange } from '../entities/discord-role-change.entity';
import { DiscordRoleSyncService } from './discord-role-sync.service';

/** A student's Discord as the admin panel's student page shows it, and its "Synkroniser nå". */
@Injectable()
export class AdminDiscordService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly roles: DiscordRoleSyncService,
    private readonly audit: AuditService,
  ) {}

  private get enabled(): boolean {
    return this.roles.cfg !== null;
  }

  /** The student page's Discord card. */
  async adminView(userId: number): Promise<AdminDiscordView> {
    const link = this.enabled ? await this.ds.getRepository(DiscordLink).findOneBy({ userId }) : null;
    const wanted = this.enabled ? await this.roles.wantedRoles(userId) : new Set<string>();
    const held = link?.rolesHeld != null ? new Set(link.rolesHeld.split(',').filter(Boolean)) : null;
    const pendingChanges = this.enabled
      ? await this.ds.getRepository(DiscordRoleChange).countBy({ userId, doneAt: IsNull() })
      : 0;
    return {
      enabled: this.enabled,
      linked: !!link,
      discordUserId: link?.discordUserId ?? null,
      username: link?.username ?? null,
      linkedAt: link?.linkedAt.toISOString() ?? null,
      syncedAt: link?.syncedAt?.toISOString() ?? null,
      syncError: link?.syncError ?? null,
      roles: Object.entries(this.roles.cfg?.roles ?? {}).map(([key, roleId]) => ({
        key,
        roleId,
        wanted: wanted.has(roleId),
        held: held ? held.has(roleId) : null,
      })),
      pendingChanges,
    };
  }

  /** "Synkroniser nå": the student's queue is worked and the roles compared with Discord, audited. */
  async syncNow(userId: number, actor: Pick<User, 'id' | 'email'>): Promise<AdminDiscordView> {
    if (!this.enabled) throw notFound(DISCORD_MSG.off);
    const link = await this.ds.getRepository(DiscordLink).findOneBy({ userId });
    if (!link) throw notFound(DISCORD_MSG.notLinked);
    const queue = await this.roles.runQueue({ userId });
    const result = await this.roles.reconcileOne(link);
    await this.audit.record(this.ds.manager, actor, {
      action: 'user.discord_sync',
      entity: 'user',
      entityId: userId,
      before: null,
      after: { ...result, queue },
    });
    return this.adminView(userId);
  }
}
