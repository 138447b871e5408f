import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../../../platform/database/columns';

/** One submitted attempt at a module's quiz: the answers, the score and the questions answered wrong. */
@Entity('quiz_attempts')
@Index('idx_quiz_attempts_user_course', ['userId', 'courseId'])
@Index('idx_quiz_attempts_quiz', ['quizId', 'createdAt'])
export class QuizAttempt {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  quizId: number;

  /** The quiz's version when it was taken (statistics per question count the current version's). */
  @Column({ type: 'int' })
  quizVersion: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 32 })
  courseId: string;

  @Column({ type: 'int' })
  moduleId: number;

  /** The chosen choice indexes per question. */
  @JsonColumn()
  answers: number[][];

  /** Indexes of the questions answered wrong. */
  @JsonColumn()
  wrongQuestions: number[];

  @Column({ type: 'int' })
  scorePercent: number;

  @Column({ type: 'boolean' })
  passed: boolean;

  @DateTimeColumn()
  createdAt: Date;
}
