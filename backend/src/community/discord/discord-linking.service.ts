import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, LessThan } from 'typeorm';
import { randomBytes } from 'node:crypto';
import { DISCORD_MSG, type AccountExport, type DiscordResult, type DiscordStatus } from '@academy/contracts';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import type { DiscordConfig } from '../../platform/config/discord.config';
import { sha256 } from '../../platform/crypto/tokens';
import { notFound } from '../../platform/errors/app-error';
import { Clock } from '../../platform/time/clock';
import { DiscordLink } from '../entities/discord-link.entity';
import { DiscordOAuthState } from '../entities/discord-oauth-state.entity';
import { describeFailure, type DiscordClient } from './discord-client';
import { DiscordRoleSyncService } from './discord-role-sync.service';
import { ERASURE_ORDER, OwnsPersonalData, type DataSubject, type PersonalDataOwner } from '../../platform/personal-data';

const STATE_TTL_MS = 10 * 60_000;

/**
 * Linking a member's account to the private Discord (OAuth2 with a session-bound, single-use state)
 * and ending the link, the member's own view of it, and the link's part of export and erasure. The
 * roles that follow are {@link DiscordRoleSyncService}'s.
 */
@OwnsPersonalData({
  name: 'discord',
  sections: ['discord'],
  tables: ['discord_links', 'discord_oauth_states', 'discord_role_changes'],
  eraseOrder: ERASURE_ORDER.discord,
})
export class DiscordLinkingService implements PersonalDataOwner {
  private readonly logger = new Logger('Discord');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    private readonly clock: Clock,
    private readonly roles: DiscordRoleSyncService,
  ) {}

  get enabled(): boolean {
    return this.roles.cfg !== null;
  }

  /** 404 in Norwegian when the site has no Discord. */
  requireEnabled(): void {
    this.setup();
  }

  private setup(): { cfg: DiscordConfig; client: DiscordClient } {
    const { cfg, client } = this.roles;
    if (!cfg || !client) throw notFound(DISCORD_MSG.off);
    return { cfg, client };
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
      await client.addMember(account.id, token, [...(await this.roles.wantedRoles(userId))]);
    } catch (e) {
      this.logger.warn(`Linking to Discord failed for user ${userId}: ${describeFailure(e)}`);
      return 'failed';
    }
    await this.ds.transaction(async (m) => {
      const links = m.getRepository(DiscordLink);
      const before = await links.findOneBy({ userId });
      if (before && before.discordUserId !== account.id) {
        // Another Discord account replaces the old one: the old one loses the roles.
        await this.roles.enqueue(m, before, [...this.roles.managedRoles().keys()], 'remove', 'relink');
        await links.delete({ id: before.id });
      }
      if (before && before.discordUserId === account.id) await links.update({ id: before.id }, { username: account.username });
      else await links.insert({ userId, discordUserId: account.id, username: account.username, linkedAt: this.clock.now() });
      // A member already on the server keeps the roles it had: the queue gives the wanted ones.
      await this.roles.enqueue(m, { userId, discordUserId: account.id }, [...this.roles.managedRoles().keys()], 'add', 'link');
    });
    await this.roles.runQueue({ userId }).catch(() => undefined);
    return 'linked';
  }

  /** DELETE /api/account/discord: the link ends and every managed role is taken from the Discord account. */
  async unlink(userId: number): Promise<void> {
    this.setup();
    const removed = await this.ds.transaction((m) => this.removeLink(m, userId, 'unlink'));
    if (!removed) throw notFound(DISCORD_MSG.notLinked);
    await this.roles.runQueue({ userId }).catch(() => undefined);
  }

  private async removeLink(m: EntityManager, userId: number, reason: string): Promise<boolean> {
    const link = await m.getRepository(DiscordLink).findOneBy({ userId });
    if (!link) return false;
    await this.roles.enqueue(m, link, [...this.roles.managedRoles().keys()], 'remove', reason);
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
}
