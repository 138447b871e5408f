import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, LessThanOrEqual, MoreThan } from 'typeorm';
import { DISCORD_MSG } from '@academy/contracts';
import { GrantsService } from '../../access/grants.service';
import { MentorshipService } from '../../mentorship/mentorship.service';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import type { DiscordConfig } from '../../platform/config/discord.config';
import { Clock } from '../../platform/time/clock';
import { DiscordLink } from '../entities/discord-link.entity';
import { DiscordRoleChange, type DiscordRoleAction } from '../entities/discord-role-change.entity';
import { DiscordClient, describeFailure, isRefusal, isUnknownMember } from './discord-client';

const MAX_ATTEMPTS = 20;
/** Waits between tries of a role change: 30 s, doubling, at most 6 hours. */
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

export interface DiscordQueueRound {
  done: number;
  skipped: number;
  failed: number;
}

export interface DiscordReconcileRound {
  members: number;
  added: number;
  removed: number;
  missing: number;
  failed: number;
}

/**
 * The private Discord's roles: the roles each member should have (their products and an active
 * mentorship period), the queue of role changes written with the access change and carried out by a
 * periodic worker, and the reconciliation that compares every linked member with Discord and repairs
 * the difference. It holds the one Discord client of the process (linking uses it too).
 */
@Injectable()
export class DiscordRoleSyncService {
  private readonly logger = new Logger('Discord');
  /** The site's Discord settings; null when the site has no Discord. */
  readonly cfg: DiscordConfig | null;
  /** The bot's REST client (one per process, so its rate limits are shared); null without Discord. */
  readonly client: DiscordClient | null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) app: AppConfig,
    private readonly clock: Clock,
    private readonly grants: GrantsService,
    private readonly mentorship: MentorshipService,
  ) {
    this.cfg = app.discord;
    this.client = app.discord ? new DiscordClient(app.discord) : null;
  }

  /** Every role this service manages (the configured ones), and its product key. */
  managedRoles(): Map<string, string> {
    return new Map(Object.entries(this.cfg?.roles ?? {}).map(([key, roleId]) => [roleId, key]));
  }

  // ---- what a member should have -----------------------------------------------------------------

  /** The role ids the user should hold now: one per active product with a role, and the mentorship role during a period. */
  async wantedRoles(userId: number): Promise<Set<string>> {
    const roles = this.cfg?.roles ?? {};
    const wanted = new Set<string>();
    for (const id of await this.grants.activeCatalogIds(userId)) if (roles[id]) wanted.add(roles[id]);
    if (roles.mentorship) {
      const { periods } = await this.mentorship.forStudent({ id: userId });
      if (periods.some((p) => p.active)) wanted.add(roles.mentorship);
    }
    return wanted;
  }

  /**
   * Access changed (in the changing transaction): the roles of these products, and the mentorship role
   * (a grant may start a period, a revocation end one), are queued for the linked account. The worker
   * checks each against what the member should have when it runs, so the order of events cannot matter.
   */
  async accessChanged(
    m: EntityManager,
    userId: number,
    courseIds: string[],
    action: DiscordRoleAction,
    reason: string,
  ): Promise<void> {
    if (!this.cfg) return;
    const link = await m.getRepository(DiscordLink).findOneBy({ userId });
    if (!link) return;
    const roles = this.cfg.roles;
    const ids = [...courseIds.map((c) => roles[c]), roles.mentorship].filter((r): r is string => !!r);
    await this.enqueue(m, link, [...new Set(ids)], action, reason);
  }

  /** Queues role changes for a linked account, inside the caller's transaction. */
  async enqueue(
    m: EntityManager,
    link: Pick<DiscordLink, 'userId' | 'discordUserId'>,
    roleIds: string[],
    action: DiscordRoleAction,
    reason: string,
  ): Promise<void> {
    if (roleIds.length === 0) return;
    const now = this.clock.now();
    await m.getRepository(DiscordRoleChange).insert(
      roleIds.map((roleId) => ({
        userId: link.userId,
        discordUserId: link.discordUserId,
        roleId,
        action,
        reason,
        createdAt: now,
        attempts: 0,
        nextAttemptAt: now,
        doneAt: null,
        lastError: null,
      })),
    );
  }

  // ---- the queue's worker -------------------------------------------------------------------------

  /**
   * Carries out the due role changes, oldest first. An `add` is made only while the account is still
   * linked and should have the role; a `remove` only while it should not. A failure waits and is
   * tried again (a 429 is waited out inside the REST client); a refusal by Discord ends the change.
   */
  async runQueue(opts: { userId?: number; limit?: number } = {}): Promise<DiscordQueueRound> {
    const out: DiscordQueueRound = { done: 0, skipped: 0, failed: 0 };
    if (!this.client) return out;
    const now = this.clock.now();
    const repo = this.ds.getRepository(DiscordRoleChange);
    const due = await repo.find({
      where: { doneAt: IsNull(), nextAttemptAt: LessThanOrEqual(now), ...(opts.userId ? { userId: opts.userId } : {}) },
      order: { id: 'ASC' },
      take: opts.limit ?? 200,
    });
    const wanted = new Map<number, Set<string>>();
    const linked = new Map<number, string | null>();
    for (const change of due) {
      if (!wanted.has(change.userId)) {
        wanted.set(change.userId, await this.wantedRoles(change.userId));
        linked.set(
          change.userId,
          (await this.ds.getRepository(DiscordLink).findOneBy({ userId: change.userId }))?.discordUserId ?? null,
        );
      }
      const should = linked.get(change.userId) === change.discordUserId && wanted.get(change.userId)!.has(change.roleId);
      if ((change.action === 'add') !== should) {
        await repo.update({ id: change.id }, { doneAt: this.clock.now(), lastError: null });
        out.skipped++;
        continue;
      }
      try {
        const reason = `Trading Akademiet: ${change.reason}`;
        if (change.action === 'add') await this.client.addRole(change.discordUserId, change.roleId, reason);
        else await this.client.removeRole(change.discordUserId, change.roleId, reason);
        await repo.update({ id: change.id }, { doneAt: this.clock.now(), attempts: change.attempts + 1, lastError: null });
        out.done++;
      } catch (e) {
        const attempts = change.attempts + 1;
        const final = isUnknownMember(e) || isRefusal(e) || attempts >= MAX_ATTEMPTS;
        await repo.update(
          { id: change.id },
          {
            attempts,
            lastError: isUnknownMember(e) ? DISCORD_MSG.notMember : describeFailure(e),
            doneAt: final ? this.clock.now() : null,
            nextAttemptAt: new Date(this.clock.now().getTime() + backoffMs(attempts)),
          },
        );
        if (!final) this.logger.warn(`Discord role change ${change.id} failed (attempt ${attempts}): ${describeFailure(e)}`);
        out.failed++;
      }
    }
    return out;
  }

  // ---- reconciliation ------------------------------------------------------------------------------

  /** Compares every linked member's managed roles on the server with what they should have, and repairs the difference. */
  async reconcile(): Promise<DiscordReconcileRound> {
    const out: DiscordReconcileRound = { members: 0, added: 0, removed: 0, missing: 0, failed: 0 };
    if (!this.client) return out;
    let after = 0;
    for (;;) {
      const page = await this.ds
        .getRepository(DiscordLink)
        .find({ where: { id: MoreThan(after) }, order: { id: 'ASC' }, take: 100 });
      if (page.length === 0) break;
      for (const link of page) {
        const r = await this.reconcileOne(link);
        out.members++;
        out.added += r.added;
        out.removed += r.removed;
        if (r.missing) out.missing++;
        if (r.failed) out.failed++;
      }
      after = page[page.length - 1].id;
    }
    return out;
  }

  /** Compares one linked member's managed roles with what it should have, and repairs the difference. */
  async reconcileOne(link: DiscordLink): Promise<{ added: number; removed: number; missing: boolean; failed: boolean }> {
    const client = this.client!;
    const managed = this.managedRoles();
    const res = { added: 0, removed: 0, missing: false, failed: false };
    const links = this.ds.getRepository(DiscordLink);
    try {
      const held = await client.memberRoles(link.discordUserId);
      if (held === null) {
        res.missing = true;
        await links.update({ id: link.id }, { syncedAt: this.clock.now(), rolesHeld: null, syncError: DISCORD_MSG.notMember });
        return res;
      }
      const wanted = await this.wantedRoles(link.userId);
      const have = new Set(held.filter((r) => managed.has(r)));
      for (const roleId of wanted) {
        if (have.has(roleId)) continue;
        await client.addRole(link.discordUserId, roleId, 'Trading Akademiet: avstemming');
        have.add(roleId);
        res.added++;
      }
      for (const roleId of [...have]) {
        if (wanted.has(roleId)) continue;
        await client.removeRole(link.discordUserId, roleId, 'Trading Akademiet: avstemming');
        have.delete(roleId);
        res.removed++;
      }
      await links.update({ id: link.id }, { syncedAt: this.clock.now(), rolesHeld: [...have].join(','), syncError: null });
    } catch (e) {
      res.failed = true;
      this.logger.warn(`Discord reconciliation failed for user ${link.userId}: ${describeFailure(e)}`);
      await links.update({ id: link.id }, { syncedAt: this.clock.now(), syncError: describeFailure(e) });
    }
    return res;
  }
}
