import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * Where one «Logg inn med Vipps» stands: `started` (sent to Vipps with this state, nonce and PKCE
 * verifier), `used` (the callback took it: a replay finds it so), `kode` (waits for the account's
 * one-time code), `bekreft` (waits for the account holder to confirm the link by password or mailed
 * link), `done`. Kept in the database, so any instance can take the callback; bound to the browser that
 * started it by a cookie (only hashes of the state, the cookie and the mailed link's token are stored).
 */
@Entity('vipps_login_attempts')
@Index('uq_vipps_login_attempts_state', ['stateHash'], { unique: true })
@Index('idx_vipps_login_attempts_browser', ['browserHash'])
@Index('idx_vipps_login_attempts_mail', ['mailTokenHash'])
@Index('idx_vipps_login_attempts_user', ['userId'])
@Index('idx_vipps_login_attempts_expires', ['expiresAt'])
export class VippsLoginAttempt {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  stateHash: string;

  /** SHA-256 of the cookie of the browser the attempt belongs to. */
  @Column({ type: 'varchar', length: 64 })
  browserHash: string;

  @Column({ type: 'varchar', length: 64 })
  nonce: string;

  /** PKCE (RFC 7636) verifier; cleared once the code is exchanged. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  codeVerifier: string | null;

  /** Where the browser goes when signed in (a path on this site). */
  @Column({ type: 'varchar', length: 500 })
  next: string;

  @Column({ type: 'varchar', length: 16 })
  stage: 'started' | 'used' | 'kode' | 'bekreft' | 'done';

  /** `kode` and `bekreft`: the account. */
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** `bekreft`: the Vipps identity to link once the holder confirms. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  sub: string | null;

  /** `bekreft`: the verified name from Vipps, given to an account that has none once linked. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  /** `bekreft`: SHA-256 of the mailed confirmation link's token. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  mailTokenHash: string | null;

  @Column({ type: 'int', default: 0 })
  mailsSent: number;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  expiresAt: Date;
}
