import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * One student's launch seat in one course: taken by the first paid order of that student for that
 * course. The primary key makes a student count once per course. While the launch price still runs,
 * a seat whose order is refunded in full within the guarantee is given back (the row is deleted);
 * once the launch price has ended ({@link LaunchPriceEnd}) seats are never given back.
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

/**
 * The moment a course's launch price ended: every LAUNCH_SEATS seat was taken at once. Written in the
 * transaction that took the last seat; from then on the before-price is the price, whatever refunds follow.
 */
@Entity('launch_price_ends')
export class LaunchPriceEnd {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  courseId: string;

  @DateTimeColumn()
  endedAt: Date;
}
