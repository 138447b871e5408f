import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/** A signed-in browser. Only the SHA-256 of the cookie token is stored. */
@Entity('sessions')
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Index('idx_sessions_user')
  @Column({ type: 'int' })
  userId: number;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  lastSeenAt: Date;

  @Index('idx_sessions_expires')
  @DateTimeColumn()
  expiresAt: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  userAgent: string | null;

  /**
   * The last full authentication in this session: the password, plus the second factor when the
   * account has one (a sign-in or a re-authentication). Null for sessions opened by a one-time link.
   */
  @DateTimeColumn({ nullable: true })
  authenticatedAt: Date | null;
}
