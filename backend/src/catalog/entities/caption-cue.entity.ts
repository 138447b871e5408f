import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One timed line of a module's captions: of the draft the mentor works on (`approved` false) or of
 * the version students get (`approved` true). The approved lines are the transcript and what search
 * reads. Its module-tagged words have a full-text index of their own dialect (MariaDB FULLTEXT, SQLite FTS5
 * table `caption_cues_fts`), which the migrations own: the schema builder leaves this table alone.
 */
@Entity({ name: 'caption_cues', synchronize: false })
@Index('idx_caption_cues_module', ['moduleId', 'approved', 'position'])
export class CaptionCue {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  moduleId: number;

  @Column({ type: 'boolean' })
  approved: boolean;

  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'int' })
  startMs: number;

  @Column({ type: 'int' })
  endMs: number;

  /** Cue settings after the timing (`align:start`), '' for none. */
  @Column({ type: 'varchar', length: 200, default: '' })
  settings: string;

  /** The cue's text as written (WebVTT markup kept). */
  @Column({ type: 'text' })
  text: string;

  /** The text without markup, one line: what the full-text index and the transcript read. */
  @Column({ type: 'text' })
  plain: string;

  /**
   * The plain text's words tagged with the module (captions/scoped-words.ts): what the full-text
   * index reads, so a search looks only at the modules the viewer may watch.
   */
  @Column({ type: 'text' })
  scoped: string;
}
