import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

export type DiscordRoleAction = 'add' | 'remove';

/**
 * A role change at Discord that is wanted, written in the transaction that changed access (a grant,
 * a refund, the end of VIP, an unlink). The queue's worker carries it out with Discord's REST API
 * and retries until it succeeds, so nothing is lost while Discord or this service is down.
 */
@Entity('discord_role_changes')
@Index('idx_discord_role_changes_due', ['doneAt', 'nextAttemptAt'])
@Index('idx_discord_role_changes_user', ['userId'])
export class DiscordRoleChange {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  /** The Discord account at the time of the change (an unlink removes the roles of the account it had). */
  @Column({ type: 'varchar', length: 32 })
  discordUserId: string;

  @Column({ type: 'varchar', length: 32 })
  roleId: string;

  @Column({ type: 'varchar', length: 8 })
  action: DiscordRoleAction;

  /** What asked for it: access.granted, access.revoked, link, unlink, erasure. */
  @Column({ type: 'varchar', length: 32 })
  reason: string;

  @DateTimeColumn()
  createdAt: Date;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @DateTimeColumn()
  nextAttemptAt: Date;

  @DateTimeColumn({ nullable: true })
  doneAt: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  lastError: string | null;
}
