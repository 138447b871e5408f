import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * The `state` of one "Koble til Discord" (only its SHA-256 is stored): bound to the session that
 * started it, used once, valid for ten minutes.
 */
@Entity('discord_oauth_states')
@Index('uq_discord_oauth_states_hash', ['stateHash'], { unique: true })
@Index('idx_discord_oauth_states_user', ['userId'])
export class DiscordOAuthState {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  stateHash: string;

  @Column({ type: 'int' })
  userId: number;

  /** SHA-256 of the session cookie that started the flow. */
  @Column({ type: 'varchar', length: 64 })
  sessionHash: string;

  @DateTimeColumn()
  expiresAt: Date;
}
