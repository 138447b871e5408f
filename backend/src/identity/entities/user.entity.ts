import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { AttributionColumns } from '../../platform/database/attribution.embedded';
import { DateTimeColumn } from '../../platform/database/columns';
import type { Role } from '@academy/contracts';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  /** Normalised (common/email-address) and compared byte for byte. */
  @Index('uq_users_email', { unique: true })
  @Column({ type: 'varchar', length: 254, collation: 'utf8mb4_bin' })
  email: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;

  @Column({ type: 'varchar', length: 16, default: 'student' })
  role: Role;

  @Column({ type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  /** The mentor's notes on the student (the panel only). */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  adminNote: string | null;

  /** A new address the mentor entered, waiting for the student to confirm it by the mailed link. */
  @Column({ type: 'varchar', length: 254, nullable: true, collation: 'utf8mb4_bin' })
  pendingEmail: string | null;

  @Column(() => AttributionColumns, { prefix: 'first' })
  attribution: AttributionColumns;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;

  @DateTimeColumn({ nullable: true })
  passwordChangedAt: Date | null;

  /**
   * When the owner first proved the address: used a mailed one-time link or completed a reset.
   * Null: nobody has yet, so no first password can be set (docs/decisions.md "Who gets a session").
   */
  @DateTimeColumn({ nullable: true })
  claimedAt: Date | null;
}
