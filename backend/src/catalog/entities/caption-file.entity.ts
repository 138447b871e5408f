import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A module's captions file exactly as the mentor uploaded it or Mux delivered it (header text, cue
 * identifiers, NOTE, STYLE and REGION blocks kept): the draft (`approved` false) and the version
 * students get (`approved` true). Its cues are rows of `caption_cues`. On MySQL the column is
 * MEDIUMTEXT (a file of up to 2 MB), which the migrations own: the schema builder leaves this table alone.
 */
@Entity({ name: 'caption_files', synchronize: false })
export class CaptionFile {
  @PrimaryColumn({ type: 'int' })
  moduleId: number;

  @PrimaryColumn({ type: 'boolean' })
  approved: boolean;

  @Column({ type: 'text' })
  vtt: string;
}
