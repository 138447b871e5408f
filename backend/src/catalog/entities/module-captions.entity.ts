import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../platform/database/columns';

/** A module's captions: their state and origin; the cues themselves are rows of `caption_cues`. */
@Entity('module_captions')
export class ModuleCaptions {
  @PrimaryColumn({ type: 'int' })
  moduleId: number;

  /** `generated`, `edited` or `approved` (CAPTIONS_STATES): the state of the draft. */
  @Column({ type: 'varchar', length: 16 })
  state: string;

  /** `mux` (Mux's generated track) or `panel` (the mentor's file or corrections). */
  @Column({ type: 'varchar', length: 16 })
  source: string;

  /** The Mux asset and text track the generated captions came from. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  muxAssetId: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  muxTrackId: string | null;

  /** When students last got a new approved version (null: never approved). */
  @DateTimeColumn({ nullable: true })
  approvedAt: Date | null;

  @DateTimeColumn()
  createdAt: Date;

  @DateTimeColumn()
  updatedAt: Date;
}
