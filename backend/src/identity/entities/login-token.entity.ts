import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * `email_change` confirms a new address (mailed to it); `email_stop` stops that change while it waits
 * (mailed to the old address).
 */
export type LoginTokenPurpose = 'login' | 'reset' | 'email_change' | 'email_stop';

/** A one-time sign-in or password-reset link. Only the SHA-256 of the token is stored. */
@Entity('login_tokens')
export class LoginToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('uq_login_tokens_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Index('idx_login_tokens_user')
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 16, default: 'login' })
  purpose: LoginTokenPurpose;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  expiresAt: Date;

  @DateTimeColumn({ nullable: true })
  usedAt: Date | null;
}
