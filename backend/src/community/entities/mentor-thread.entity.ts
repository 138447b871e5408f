import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { MentorThreadStatus } from '@academy/contracts';

export const QUEUE_RANK: Record<MentorThreadStatus, number> = { waiting: 2, answered: 1, closed: 0 };
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * A thread a student started with the mentor (chart review): its messages and images hang on it.
 * Erasing the account deletes the thread, its messages, its image rows and files.
 */
@Entity('mentor_threads')
@Index('idx_mentor_threads_user', ['userId', 'createdAt'])
@Index('idx_mentor_threads_queue', ['queueRank', 'lastMessageAt'])
export class MentorThread {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 160 })
  title: string;

  /** waiting (venter på mentor), answered (besvart), closed (lukket). */
  @Column({ type: 'varchar', length: 16 })
  status: MentorThreadStatus;

  /** The inbox's order, kept with the status: 2 waiting, 1 answered, 0 closed (sorted descending, then the newest first). */
  @Column({ type: 'int', default: 2 })
  queueRank: number;

  @Column({ type: 'int', default: 0 })
  messageCount: number;

  @DateTimeColumn()
  lastMessageAt: Date;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
