import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../../platform/database/columns';

@Entity('progress')
@Index('uq_progress_user_course', ['userId', 'courseId'], { unique: true })
export class Progress {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 32 })
  courseId: string;

  /** Ids of completed modules. */
  @JsonColumn()
  completedModules: number[];

  /** Index of the module the student is on. */
  @Column({ type: 'int', default: 0 })
  currentModule: number;

  @DateTimeColumn()
  lastUpdated: Date;
}
