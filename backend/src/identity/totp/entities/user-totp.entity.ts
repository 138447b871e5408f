import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../../platform/database/columns';

/**
 * An account's TOTP second factor (RFC 6238). Secrets are stored encrypted with a key derived from
 * APP_SECRET (AES-256-GCM, bound to the user id); the API shows a secret only once, at setup.
 */
@Entity('user_totp')
export class UserTotp {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  /** The enrolled secret (encrypted); null while only a setup is pending. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  secret: string | null;

  /** A secret handed out by setup and not yet confirmed with a code (encrypted). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  pendingSecret: string | null;

  @DateTimeColumn({ nullable: true })
  pendingSince: Date | null;

  @DateTimeColumn({ nullable: true })
  enabledAt: Date | null;

  /** The last 30-second time step a code was accepted for: a code is never accepted twice. */
  @Column({ type: 'int', nullable: true })
  lastUsedStep: number | null;

  /** Wrong codes in a row since the last accepted one or the last lock (docs/decisions.md "Two-factor sign-in"). */
  @Column({ type: 'int', default: 0 })
  failedAttempts: number;

  /** Codes from the app are refused until then; a recovery code still works. */
  @DateTimeColumn({ nullable: true })
  lockedUntil: Date | null;

  @DateTimeColumn()
  updatedAt: Date;
}
