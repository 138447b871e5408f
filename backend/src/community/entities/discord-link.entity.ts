import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/** A member's Discord account, linked through OAuth2 in the account settings (one each way). */
@Entity('discord_links')
@Index('uq_discord_links_user', ['userId'], { unique: true })
@Index('uq_discord_links_discord_user', ['discordUserId'], { unique: true })
export class DiscordLink {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 32 })
  discordUserId: string;

  @Column({ type: 'varchar', length: 64 })
  username: string;

  @DateTimeColumn()
  linkedAt: Date;

  /** The last comparison with Discord (reconciliation or the admin's "synkroniser nå"). */
  @DateTimeColumn({ nullable: true })
  syncedAt: Date | null;

  /** The managed roles the member held at that comparison, comma-separated. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  rolesHeld: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  syncError: string | null;
}
