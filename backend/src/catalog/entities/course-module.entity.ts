import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../../platform/database/columns';

@Entity('modules')
@Index('idx_modules_course_position', ['courseId', 'position'])
export class CourseModule {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  courseId: string;

  @Column({ type: 'int', default: 0 })
  position: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'int', default: 0 })
  durationMinutes: number;

  /** YouTube video id; null shows the "coming" overlay. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  videoId: string | null;

  @JsonColumn()
  topics: string[];

  @Column({ type: 'boolean', default: true })
  published: boolean;

  /** Drip release: days after the student's grant before the module opens (0: at once). */
  @Column({ type: 'int', default: 0 })
  releaseAfterDays: number;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
