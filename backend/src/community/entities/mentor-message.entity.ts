import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/** One message of a mentor thread: the student's (authorId = the student) or the mentor's (an admin). */
@Entity('mentor_messages')
@Index('idx_mentor_messages_thread', ['threadId', 'id'])
export class MentorMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  threadId: number;

  @Column({ type: 'varchar', length: 16 })
  author: 'student' | 'mentor';

  /** The account that wrote it (null once a mentor's account is gone). */
  @Column({ type: 'int', nullable: true })
  authorId: number | null;

  @Column({ type: 'text' })
  body: string;

  @DateTimeColumn()
  createdAt: Date;
}
