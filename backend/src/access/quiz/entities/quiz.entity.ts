import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { QuizQuestionInput } from '@academy/contracts';
import { DateTimeColumn, JsonColumn } from '../../../platform/database/columns';

/**
 * A module's quiz (at most one per module): its pass mark and its questions with their choices,
 * which are right and the explanation. Replaced whole when the mentor saves it.
 */
@Entity('quizzes')
export class Quiz {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('uq_quizzes_module', { unique: true })
  @Column({ type: 'int' })
  moduleId: number;

  /** Pass mark in percent (1–100) of the questions answered right. */
  @Column({ type: 'int' })
  passPercent: number;

  /** The questions as the mentor wrote them (QuizQuestionInput[]), right answers included: never sent to students. */
  @JsonColumn()
  questions: QuizQuestionInput[];

  /** Raised on every save: the question statistics count the attempts of the current version. */
  @Column({ type: 'int', default: 1 })
  version: number;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
