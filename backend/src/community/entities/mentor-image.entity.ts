import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/**
 * A chart image of a mentor message, re-encoded without metadata, stored under UPLOAD_DIR
 * (`mentor/<userId>/<name>` and its thumbnail). userId is the thread's student: only that student
 * and admins may fetch it.
 */
@Entity('mentor_images')
@Index('idx_mentor_images_message', ['messageId'])
@Index('idx_mentor_images_user', ['userId'])
export class MentorImage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  threadId: number;

  @Column({ type: 'int' })
  messageId: number;

  @Column({ type: 'int' })
  userId: number;

  /** The file name under `mentor/<userId>/` (random); the thumbnail is `<name>.thumb.webp`. */
  @Column({ type: 'varchar', length: 64 })
  fileName: string;

  @Column({ type: 'varchar', length: 32 })
  contentType: string;

  @Column({ type: 'int' })
  width: number;

  @Column({ type: 'int' })
  height: number;

  @Column({ type: 'int' })
  bytes: number;

  /** The student's upload as it came, in bytes (counted against MENTOR_IMAGE_MB_PER_DAY); null for the mentor's images. */
  @Column({ type: 'int', nullable: true })
  uploadBytes: number | null;

  @DateTimeColumn()
  createdAt: Date;
}
