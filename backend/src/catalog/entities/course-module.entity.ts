import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn, JsonColumn } from '../../platform/database/columns';

@Entity('modules')
@Index('idx_modules_course_position', ['courseId', 'position'])
@Index('idx_modules_mux_upload', ['muxUploadId'])
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

  /** Which service plays the video: `youtube` (free Starter, teasers) or `mux` (signed playback for paid content). */
  @Column({ type: 'varchar', length: 16, default: 'youtube' })
  videoProvider: string;

  /** YouTube video id; null shows the "coming" overlay. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  videoId: string | null;

  /** The Mux playback id (signed policy) of the ready video. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  muxPlaybackId: string | null;

  /** The Mux direct upload last made for the module (the webhook finds the module by it). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  muxUploadId: string | null;

  /** The Mux asset made from that upload. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  muxAssetId: string | null;

  /** `waiting`, `processing`, `ready` or `errored` (MUX_VIDEO_STATUSES); null before any upload. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  videoStatus: string | null;

  /** Why Mux could not take the last upload. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  videoError: string | null;

  /** The ready Mux video's length in whole seconds. */
  @Column({ type: 'int', nullable: true })
  videoDurationSeconds: number | null;

  /** https address of a WebVTT captions file for the Mux player. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  captionsUrl: string | null;

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
