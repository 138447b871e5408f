import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, LessThan, LessThanOrEqual, MoreThan } from 'typeorm';
import { randomBytes } from 'node:crypto';
import {
  DISCORD_MSG,
  type AccountExport,
  type AdminDiscordView,
  type DiscordResult,
  type DiscordStatus,
} from '@academy/contracts';
import { GrantsService } from '../../access/grants.service';
import type { User } from '../../identity/entities/user.entity';
import { MentorshipService } from '../../mentorship/mentorship.service';
import { AuditService } from '../../platform/audit/audit.service';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import type { DiscordConfig } from '../../platform/config/discord.config';
import { sha256 } from '../../platform/crypto/tokens';
import { notFound } from '../../platform/errors/app-error';
import { Clock } from '../../platform/time/clock';
import { DiscordLink } from '../entities/discord-link.entity';
import { DiscordOAuthState } from '../entities/discord-oauth-state.entity';
import { DiscordRoleChange, type DiscordRoleAction } from '../entities/discord-role-change.entity';
import { DiscordClient, describeFailure, isRefusal, isUnknownMember } from './discord-client';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../../platform/personal-data';

const STATE_TTL_MS = 10 * 60_000;
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
 * The private Discord: linking an account (OAuth2 with a session-bound, single-use state), the roles
 * each member should have (their products and an active mentorship period), the queue of role changes
 * written with the access change and carried out by a periodic worker, and the reconciliation that
 * compares every linked member with Discord and repairs the difference.
 */
@OwnsPersonalData({
  name: 'discord',
  sections: ['discord'],
  tables: ['discord_links', 'discord_oauth_states', 'discord_role_changes'],
  eraseOrder: ERASURE_ORDER.discord,
})
export class DiscordService implements PersonalDataOwner {
  private readonly logger = new Logger('Discord');
  private readonly cfg: DiscordConfig | null;
  private readonly client: DiscordClient | null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    private readonly clock: Clock,
    private readonly grants: GrantsService,
    private readonly mentorship: MentorshipService,
    private readonly audit: AuditService,
  ) {
    this.cfg = app.discord;
    this.client = app.discord ? new DiscordClient(app.discord) : null;
  }

  get enabled(): boolean {
    return this.cfg !== null;
  }

  /** 404 in Norwegian when the site has no Discord. */
  requireEnabled(): void {
    this.setup();
  }

  private setup(): { cfg: DiscordConfig; client: DiscordClient } {
    if (!this.cfg || !this.client) throw notFound(DISCORD_MSG.off);
    return { cfg: this.cfg, client: this.client };
  }

  /** Every role this service manages (the configured ones), and its product key. */
  private managedRoles(): Map<string, string> {
    return new Map(Object.entries(this.cfg?.roles ?? {}).map(([key, roleId]) => [roleId, key]));
  }

  get redirectUri(): string {
    return `${this.app.publicUrl.replace(/\/+$/, '')}/api/account/discord/callback`;
  }

  // ---- linking ----------------------------------------------------------------------------------

  /**
   * GET /api/account/discord/connect: a fresh state for this session, and Discord's consent page with
   * it. The account keeps one state: the new one is written, then every older one of the account is
   * deleted (by id, so of parallel starts the newest stays whatever the order), and expired ones of
   * anyone go too.
   */
  async connectUrl(userId: number, sessionHash: string): Promise<string> {
    const { client } = this.setup();
    const state = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    const repo = this.ds.getRepository(DiscordOAuthState);
    await repo.delete({ expiresAt: LessThan(now) });
    const made = await repo.insert({
      stateHash: sha256(state),
      userId,
      sessionHash,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
    const id = (made.identifiers[0] as { id: number }).id;
    await repo.delete({ userId, id: LessThan(id) });
    return client.authorizeUrl(this.redirectUri, state);
  }

  /**
   * GET /api/account/discord/callback: the state must be this session's, unused and fresh; then the
   * code becomes an access token, the account is read and added to the server with the roles it
   * should have, and the link is stored. Answers what the settings page shows.
   */
  async callback(
    userId: number,
    sessionHash: string,
    q: { code?: unknown; state?: unknown; error?: unknown },
  ): Promise<DiscordResult> {
    const { client } = this.setup();
    const state = typeof q.state === 'string' && q.state.length > 0 && q.state.length <= 200 ? q.state : null;
    if (!state) return 'state';
    // Only this session's own state is looked at: another account's or session's state is refused
    // and left as it is (a link sent to someone else cannot use it up). Then it is used once: the row
    // goes whatever comes next, and only the one delete that removed it goes on.
    const repo = this.ds.getRepository(DiscordOAuthState);
    const row = await repo.findOneBy({ stateHash: sha256(state), userId, sessionHash });
    if (!row) return 'state';
    const gone = await repo.delete({ id: row.id, userId, sessionHash });
    if (!gone.affected) return 'state';
    if (row.expiresAt.getTime() <= this.clock.now().getTime()) return 'state';
    if (typeof q.error === 'string') return 'denied';
    const code = typeof q.code === 'string' && q.code.length > 0 && q.code.length <= 200 ? q.code : null;
    if (!code) return 'denied';

    let account: { id: string; username: string };
    try {
      const token = await client.exchangeCode(code, this.redirectUri);
      account = await client.currentUser(token);
      const other = await this.ds.getRepository(DiscordLink).findOneBy({ discordUserId: account.id });
      if (other && other.userId !== userId) return 'taken';
      await client.addMember(account.id, token, [...(await this.wantedRoles(userId))]);
    } catch (e) {
      this.logger.warn(`Kobling til Discord feilet for bruker ${userId}: ${describeFailure(e)}`);
      return 'failed';
    }
    await this.ds.transaction(async (m) => {
      const links = m.getRepository(DiscordLink);
      const before = await links.findOneBy({ userId });
      if (before && before.discordUserId !== account.id) {
        // Another Discord account replaces the old one: the old one loses the roles.
        await this.enqueue(m, before, [...this.managedRoles().keys()], 'remove', 'relink');
        await links.delete({ id: before.id });
      }
      if (before && before.discordUserId === account.id) await links.update({ id: before.id }, { username: account.username });
      else await links.insert({ userId, discordUserId: account.id, username: account.username, linkedAt: this.clock.now() });
      // A member already on the server keeps the roles it had: the queue gives the wanted ones.
      await this.enqueue(m, { userId, discordUserId: account.id }, [...this.managedRoles().keys()], 'add', 'link');
    });
    await this.runQueue({ userId }).catch(() => undefined);
    return 'linked';
  }

  /** DELETE /api/account/discord: the link ends and every managed role is taken from the Discord account. */
  async unlink(userId: number): Promise<void> {
    this.setup();
    const removed = await this.ds.transaction((m) => this.removeLink(m, userId, 'unlink'));
    if (!removed) throw notFound(DISCORD_MSG.notLinked);
    await this.runQueue({ userId }).catch(() => undefined);
  }

  private async removeLink(m: EntityManager, userId: number, reason: string): Promise<boolean> {
    const link = await m.getRepository(DiscordLink).findOneBy({ userId });
    if (!link) return false;
    await this.enqueue(m, link, [...this.managedRoles().keys()], 'remove', reason);
    await m.getRepository(DiscordLink).delete({ id: link.id });
    return true;
  }

  /** Erasure: the link goes, the roles are taken (queued in the erasure's transaction), the states go. */
  async eraseFor({ userId }: DataSubject, m: EntityManager): Promise<{ discordLinksRemoved: number }> {
    const removed = await this.removeLink(m, userId, 'erasure');
    await m.getRepository(DiscordOAuthState).delete({ userId });
    return { discordLinksRemoved: removed ? 1 : 0 };
  }

  /** The account's Discord for `me`. */
  async statusOf(userId: number): Promise<DiscordStatus> {
    if (!this.enabled) return { enabled: false, linked: false, username: null };
    const link = await this.ds.getRepository(DiscordLink).findOneBy({ userId });
    return { enabled: true, linked: !!link, username: link?.username ?? null };
  }

  /** The export's part: the linked account. */
  async exportFor({ userId }: DataSubject, m: EntityManager): Promise<Pick<AccountExport, 'discord'>> {
    const link = await m.getRepository(DiscordLink).findOneBy({ userId });
    return {
      discord: link
        ? { discordUserId: link.discordUserId, username: link.username, linkedAt: link.linkedAt.toISOString() }
        : null,
    };
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

  private async enqueue(
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
        if (!final) this.logger.warn(`Rolleendring ${change.id} i Discord feilet (forsøk ${attempts}): ${describeFailure(e)}`);
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

  private async reconcileOne(link: DiscordLink): Promise<{ added: number; removed: number; missing: boolean; failed: boolean }> {
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
      this.logger.warn(`Avstemming i Discord feilet for bruker ${link.userId}: ${describeFailure(e)}`);
      await links.update({ id: link.id }, { syncedAt: this.clock.now(), syncError: describeFailure(e) });
    }
    return res;
  }

  // ---- the admin panel -----------------------------------------------------------------------------

  /** The student page's Discord card. */
  async adminView(userId: number): Promise<AdminDiscordView> {
    const link = this.enabled ? await this.ds.getRepository(DiscordLink).findOneBy({ userId }) : null;
    const wanted = this.enabled ? await this.wantedRoles(userId) : new Set<string>();
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
      roles: Object.entries(this.cfg?.roles ?? {}).map(([key, roleId]) => ({
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
    this.setup();
    const link = await this.ds.getRepository(DiscordLink).findOneBy({ userId });
    if (!link) throw notFound(DISCORD_MSG.notLinked);
    const queue = await this.runQueue({ userId });
    const result = await this.reconcileOne(link);
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
