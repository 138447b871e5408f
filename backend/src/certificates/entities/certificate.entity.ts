import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

export type CertificateRevokedReason = 'access' | 'admin';

/**
 * A course certificate: issued once per student and course when every module is completed. The
 * course title and the holder's name are kept as they were, so later edits do not change it.
 */
@Entity('certificates')
@Index('uq_certificates_user_course', ['userId', 'courseId'], { unique: true })
export class Certificate {
  @PrimaryGeneratedColumn()
  id: number;

  /** The public verification code (unguessable, upper case, `XXXX-XXXX-XXXX-XXXX`). */
  @Index('uq_certificates_code', { unique: true })
  @Column({ type: 'varchar', length: 32 })
  code: string;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 32 })
  courseId: string;

  /** The course's title at issue time. */
  @Column({ type: 'varchar', length: 120 })
  courseTitle: string;

  /** The holder's name, taken from the account at issue (or when the student first gives one). */
  @Column({ type: 'varchar', length: 210, nullable: true })
  holderName: string | null;

  @DateTimeColumn()
  issuedAt: Date;

  @DateTimeColumn({ nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'int', nullable: true })
  revokedBy: number | null;

  /** Why it was revoked: `access` when access to the course ended (refund, revoke), `admin` when the mentor revoked it. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  revokedReason: CertificateRevokedReason | null;
}
