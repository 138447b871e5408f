import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  cuePlainText,
  serializeVtt,
  type AdminCaptions,
  type CaptionCue as CueView,
  type CaptionsSource,
  type CaptionsState,
} from '@academy/contracts';
import { isMysql } from '../../platform/database/dialect';
import { Clock } from '../../platform/time/clock';
import { CaptionCue } from '../entities/caption-cue.entity';
import { CaptionFile } from '../entities/caption-file.entity';
import { ModuleCaptions } from '../entities/module-captions.entity';
import { scopedMatch, scopedText } from './scoped-words';

/** A transcript line search found. */
export interface TranscriptMatch {
  moduleId: number;
  startMs: number;
  plain: string;
}

/** What is saved: the new draft, and whether it is also what students get from now on. */
export interface CaptionsWrite {
  /** The file as given (kept and served as it is) and its cues (the transcript and search read those). */
  vtt: string;
  cues: CueView[];
  state: CaptionsState;
  source: CaptionsSource;
  approve: boolean;
  muxAssetId?: string | null;
  muxTrackId?: string | null;
}

/** Rows inserted per statement (SQLite binds at most 32766 values; 9 columns a row). */
const INSERT_CHUNK = 500;
/** The modules the first full-text statement of a search asks about; each next one asks twice as many. */
export const SEARCH_FIRST_CHUNK = 8;

/** How a search walks the modules ({@link CaptionsService.searchTranscripts}). */
export interface TranscriptWalk {
  /** Lines read per module at most, its earliest first. */
  perModule: number;
  /** A line that counts (the caller's own test of the terms); the others are dropped. */
  keep: (plain: string) => boolean;
  /** After each statement: the modules asked about so far (in order) and those with a line kept; true ends the walk. */
  enough: (asked: number[], withLines: ReadonlySet<number>) => boolean;
}

const toView = (c: CaptionCue): CueView => ({ startMs: c.startMs, endMs: c.endMs, text: c.text, settings: c.settings });

/**
 * A module's captions (docs/decisions.md "Course content"): the draft the mentor corrects and the
 * approved version students get, each as timed lines. The approved lines are the module's transcript
 * and what search reads, through the dialect's full-text index.
 */
@Injectable()
export class CaptionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  async forAdmin(moduleId: number, m: EntityManager = this.ds.manager): Promise<AdminCaptions> {
    const row = await m.getRepository(ModuleCaptions).findOneBy({ moduleId });
    if (!row)
      return { moduleId, state: null, source: null, vtt: '', cues: [], published: false, approvedAt: null, updatedAt: null };
    const cues = (await this.cues(moduleId, false, m)).map(toView);
    const file = await m.getRepository(CaptionFile).findOneBy({ moduleId, approved: false });
    return {
      moduleId,
      state: row.state as CaptionsState,
      source: row.source as CaptionsSource,
      vtt: file?.vtt ?? (cues.length ? serializeVtt(cues) : ''),
      cues,
      published: row.approvedAt !== null,
      approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The captions row as stored (the webhook decides by it whether a generated track may replace the draft). */
  find(moduleId: number, m: EntityManager): Promise<ModuleCaptions | null> {
    return m.getRepository(ModuleCaptions).findOneBy({ moduleId });
  }

  /** Replaces the draft (and with `approve`, the students' version too), in the caller's transaction. */
  async write(moduleId: number, w: CaptionsWrite, m: EntityManager): Promise<void> {
    const now = this.clock.now();
    const repo = m.getRepository(ModuleCaptions);
    const before = await repo.findOneBy({ moduleId });
    const row: ModuleCaptions = {
      moduleId,
      state: w.state,
      source: w.source,
      muxAssetId: w.muxAssetId !== undefined ? w.muxAssetId : (before?.muxAssetId ?? null),
      muxTrackId: w.muxTrackId !== undefined ? w.muxTrackId : (before?.muxTrackId ?? null),
      approvedAt: w.approve ? now : (before?.approvedAt ?? null),
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
    await repo.save(row, { reload: false });
    await this.replaceCues(moduleId, false, w.cues, m);
    await m.getRepository(CaptionFile).save({ moduleId, approved: false, vtt: w.vtt }, { reload: false });
    if (w.approve) {
      await this.replaceCues(moduleId, true, w.cues, m);
      await m.getRepository(CaptionFile).save({ moduleId, approved: true, vtt: w.vtt }, { reload: false });
    }
  }

  /**
   * The approved captions file as the mentor approved it, or null when students get none. Captions
   * approved before files were kept are written out from their cues.
   */
  async approvedFile(moduleId: number): Promise<string | null> {
    const row = await this.ds.getRepository(ModuleCaptions).findOneBy({ moduleId });
    if (!row?.approvedAt) return null;
    const file = await this.ds.getRepository(CaptionFile).findOneBy({ moduleId, approved: true });
    if (file) return file.vtt;
    const cues = await this.cues(moduleId, true, this.ds.manager);
    return cues.length ? serializeVtt(cues.map(toView)) : null;
  }

  /** Which of the modules have approved captions. */
  async approvedModuleIds(moduleIds: number[]): Promise<Set<number>> {
    if (!moduleIds.length) return new Set();
    const rows = await this.ds.getRepository(ModuleCaptions).find({
      select: { moduleId: true, approvedAt: true },
      where: { moduleId: In(moduleIds) },
    });
    return new Set(rows.filter((r) => r.approvedAt !== null).map((r) => r.moduleId));
  }

  /**
   * Approved lines of the given modules holding every term (each as the start of a word, case
   * folded), through MariaDB's FULLTEXT index or SQLite's FTS5 over the lines' module-tagged words
   * (scoped-words.ts): the full-text query itself asks for the given modules' words only, so the
   * index reads nothing of any other module. Terms are letters and digits only, at least three long
   * (InnoDB's shortest indexed word).
   *
   * The modules are asked about in the order given, 8 in the first statement and twice as many in
   * each next, until `enough` says the caller has what it shows: InnoDB builds every match of every
   * asked module's prefix before any limit applies, so a word in every module cost the whole
   * academy's matches (300 modules: 146 / 199 ms p50 / p95 on MariaDB, bench/scale-results.md),
   * where the first 24 modules are all a search shows. Each module gives its `perModule` earliest lines.
   */
  async searchTranscripts(moduleIds: number[], terms: string[], walk: TranscriptWalk): Promise<TranscriptMatch[]> {
    const found: TranscriptMatch[] = [];
    if (!moduleIds.length || !terms.length) return found;
    const ids = moduleIds.map((id) => Math.trunc(id));
    const withLines = new Set<number>();
    for (let at = 0, size = SEARCH_FIRST_CHUNK; at < ids.length; at += size, size *= 2) {
      const chunk = ids.slice(at, at + size);
      for (const line of await this.transcriptLines(chunk, terms, walk.perModule)) {
        if (!walk.keep(line.plain)) continue;
        found.push(line);
        withLines.add(line.moduleId);
      }
      if (walk.enough(ids.slice(0, at + chunk.length), withLines)) break;
    }
    return found;
  }

  /** One statement: each module's `perModule` earliest approved lines holding every term. */
  private async transcriptLines(ids: number[], terms: string[], perModule: number): Promise<TranscriptMatch[]> {
    const list = ids.join(',');
    const cap = Math.trunc(perModule);
    const rows: Array<{ moduleId: number; startMs: number; plain: string }> = isMysql(this.ds)
      ? await this.ds.query(
          `SELECT \`moduleId\`, \`startMs\`, \`plain\` FROM (SELECT \`moduleId\`, \`startMs\`, \`plain\`, ROW_NUMBER() OVER (PARTITION BY \`moduleId\` ORDER BY \`startMs\`, \`id\`) AS \`n\` FROM \`caption_cues\` WHERE MATCH(\`scoped\`) AGAINST (? IN BOOLEAN MODE) AND \`approved\` = 1 AND \`moduleId\` IN (${list})) \`x\` WHERE \`n\` <= ${cap}`,
          [scopedMatch(ids, terms, 'mysql')],
        )
      : await this.ds.query(
          `SELECT "moduleId", "startMs", "plain" FROM (SELECT c."moduleId", c."startMs", c."plain", ROW_NUMBER() OVER (PARTITION BY c."moduleId" ORDER BY c."startMs", c."id") AS "n" FROM "caption_cues_fts" f JOIN "caption_cues" c ON c."id" = f.rowid WHERE "caption_cues_fts" MATCH ? AND c."approved" = 1 AND c."moduleId" IN (${list})) "x" WHERE "n" <= ${cap}`,
          [scopedMatch(ids, terms, 'sqlite')],
        );
    return rows.map((r) => ({ moduleId: Number(r.moduleId), startMs: Number(r.startMs), plain: String(r.plain) }));
  }

  private cues(moduleId: number, approved: boolean, m: EntityManager): Promise<CaptionCue[]> {
    return m.getRepository(CaptionCue).find({ where: { moduleId, approved }, order: { position: 'ASC' } });
  }

  private async replaceCues(moduleId: number, approved: boolean, cues: CueView[], m: EntityManager): Promise<void> {
    const repo = m.getRepository(CaptionCue);
    await repo.delete({ moduleId, approved });
    const rows = cues.map((c, position) => ({
      moduleId,
      approved,
      position,
      startMs: c.startMs,
      endMs: c.endMs,
      settings: (c.settings ?? '').slice(0, 200),
      text: c.text,
      plain: cuePlainText(c.text),
      scoped: scopedText(moduleId, cuePlainText(c.text)),
    }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await repo.insert(rows.slice(i, i + INSERT_CHUNK));
  }
}
