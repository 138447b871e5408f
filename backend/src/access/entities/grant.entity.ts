import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/** `included`: opened by a grant of a larger product (COURSE_INCLUSIONS), and revoked with it. */
export type GrantSource = 'purchase' | 'free' | 'manual' | 'included';

/** A user's access to a course. Active while revokedAt is null. */
@Entity('grants')
@Index('idx_grants_user_course', ['userId', 'courseId'])
export class Grant {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 32 })
  courseId: string;

  @Column({ type: 'varchar', length: 16 })
  source: GrantSource;

  /** The order that created this grant (purchase); unique so fulfilment grants once. */
  @Index('uq_grants_order', { unique: true })
  @Column({ type: 'int', nullable: true })
  orderId: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;

  @Column({ type: 'int', nullable: true })
  grantedBy: number | null;

  @DateTimeColumn()
  grantedAt: Date;

  @DateTimeColumn({ nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'int', nullable: true })
  revokedBy: number | null;

  /** Drip release: the admin opened every module early for this grant. */
  @DateTimeColumn({ nullable: true })
  releasedEarlyAt: Date | null;

  @Column({ type: 'int', nullable: true })
  releasedEarlyBy: number | null;

  /** For an `included` grant: the grant of the larger product that opened it (and whose revocation ends it). */
  @Index('idx_grants_included_by')
  @Column({ type: 'int', nullable: true })
  includedByGrantId: number | null;

  /** The mentorship period's end when the admin set it (extended); null: the course's default length. */
  @DateTimeColumn({ nullable: true })
  mentorshipEndsAt: Date | null;

  /**
   * A membership's grant (VIP, MEMBERSHIP_MONTHS): when its access period ends. The periodic round
   * revokes it then, with its included grants. Null for a course owned for life.
   */
  @Index('idx_grants_access_ends')
  @DateTimeColumn({ nullable: true })
  accessEndsAt: Date | null;
}
