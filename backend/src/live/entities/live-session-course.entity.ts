import { Entity, Index, PrimaryColumn } from 'typeorm';

/** Which courses' owners a live session is for. */
@Entity('live_session_courses')
@Index('idx_live_session_courses_course', ['courseId'])
export class LiveSessionCourse {
  @PrimaryColumn({ type: 'int' })
  sessionId: number;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  courseId: string;
}
