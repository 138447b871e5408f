import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * A question an owner of a course asked under one of its modules, with the mentor's answer. The asker
 * is anonymised when the account is erased (userId and askerName null); the text and the answer stay.
 */
@Entity('lesson_questions')
@Index('idx_lesson_questions_module', ['courseId', 'moduleId', 'createdAt'])
@Index('idx_lesson_questions_queue', ['answered', 'createdAt'])
export class LessonQuestion {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  courseId: string;

  @Column({ type: 'int' })
  moduleId: number;

  @Index('idx_lesson_questions_user')
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** The asker's first name when asked (null: none given, or erased). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  askerName: string | null;

  @Column({ type: 'text' })
  body: string;

  /** Whether the mentor has answered (kept as a column so the panel's queue sorts on an index). */
  @Column({ type: 'boolean', default: false })
  answered: boolean;

  @Column({ type: 'text', nullable: true })
  answerBody: string | null;

  @DateTimeColumn({ nullable: true })
  answeredAt: Date | null;

  @Column({ type: 'int', nullable: true })
  answeredBy: number | null;

  /** Hidden by the mentor: the player no longer shows it (the asker neither). */
  @Column({ type: 'boolean', default: false })
  hidden: boolean;

  @Column({ type: 'boolean', default: false })
  pinned: boolean;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
