import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/** One planned live session (a series is several rows with one seriesId). Times in UTC. */
@Entity('live_sessions')
@Index('idx_live_sessions_starts', ['startsAt'])
export class LiveSession {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @DateTimeColumn()
  startsAt: Date;

  @Column({ type: 'int' })
  durationMinutes: number;

  @Column({ type: 'varchar', length: 500 })
  joinUrl: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  recordingVideoId: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** The sessions one recurring plan made share this id. */
  @Index('idx_live_sessions_series')
  @Column({ type: 'varchar', length: 36, nullable: true })
  seriesId: string | null;

  @DateTimeColumn({ nullable: true })
  cancelledAt: Date | null;

  /** The calendar's SEQUENCE: raised on every change a calendar shows (time, title, cancellation). */
  @Column({ type: 'int', default: 0 })
  sequence: number;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
