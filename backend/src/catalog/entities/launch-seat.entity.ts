import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * One student's launch seat in one course: taken by the first paid order of that student for that
 * course. The primary key makes a student count once per course. Seats are never given back (a refund
 * keeps it), so the launch price never returns once it has ended.
 */
@Entity('launch_seats')
export class LaunchSeat {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  courseId: string;

  @PrimaryColumn({ type: 'int' })
  userId: number;

  @Column({ type: 'int', nullable: true })
  orderId: number | null;

  @DateTimeColumn()
  takenAt: Date;
}
