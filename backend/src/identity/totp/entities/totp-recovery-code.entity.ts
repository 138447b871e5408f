import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../../platform/database/columns';

/** A single-use recovery code for the second factor. Only its SHA-256 is kept; using it deletes the row. */
@Entity('totp_recovery_codes')
export class TotpRecoveryCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_totp_recovery_user')
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 64 })
  codeHash: string;

  @DateTimeColumn()
  createdAt: Date;
}
