import { Injectable } from '@nestjs/common';
import {
  CAPTIONS_MSG,
  SEARCH_MAX_CHARS,
  SEARCH_MAX_HITS_PER_MODULE,
  SEARCH_MAX_MODULES,
  type SearchHit,
  type SearchModuleResult,
  type SearchResponse,
} from '@academy/contracts';
import { CaptionsService } from '../../catalog/captions/captions.service';
import type { User } from '../../identity/entities/user.entity';
import { badRequest } from '../../platform/errors/app-error';
import { WatchableModulesService } from '../watchable-modules.service';
import { matchesAll, MIN_INDEXED_CHARS, searchTerms, snippet } from './search-text';

type ModuleInfo = Omit<SearchModuleResult, 'hits'>;

/**
 * GET /api/search (docs/decisions.md "Course content"): module titles, descriptions and approved
 * transcripts of the modules the viewer may watch now, and nothing else: the list of modules is
 * decided first, and the full-text query reads only those, so a course the viewer does not own
 * gives neither a hit nor a count.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly watchable: WatchableModulesService,
    private readonly captions: CaptionsService,
  ) {}

  async search(viewer: Pick<User, 'id' | 'role'> | null, raw: unknown): Promise<SearchResponse> {
    const q = typeof raw === 'string' ? raw.trim() : '';
    if (q.length > SEARCH_MAX_CHARS) throw badRequest(CAPTIONS_MSG.searchTooLong, 'VALIDATION_FAILED');
    const terms = searchTerms(q);
    if (!terms.length) throw badRequest(CAPTIONS_MSG.searchTooShort, 'VALIDATION_FAILED');
    const byId = new Map<number, SearchModuleResult>();
    const add = (r: ModuleInfo, hit: SearchHit) => {
      let entry = byId.get(r.moduleId);
      if (!entry) byId.set(r.moduleId, (entry = { ...r, hits: [] }));
      if (entry.hits.length < SEARCH_MAX_HITS_PER_MODULE) entry.hits.push(hit);
    };
    // Only what the viewer may watch now: the modules are known before any text is read.
    const info = new Map<number, ModuleInfo>();
    for (const { course, modules } of await this.watchable.openCourses(viewer)) {
      for (const { module, index } of modules) {
        const r: ModuleInfo = {
          courseId: course.id,
          courseTitle: course.title,
          moduleId: module.id,
          moduleIndex: index,
          moduleTitle: module.title,
        };
        info.set(module.id, r);
        if (matchesAll(module.title, terms)) add(r, { field: 'title', seconds: null, snippet: snippet(module.title, terms) });
        if (module.description && matchesAll(module.description, terms))
          add(r, { field: 'description', seconds: null, snippet: snippet(module.description, terms) });
      }
    }
    // The order results are shown in: modules whose title matched first, then in the order of the
    // courses and their modules.
    const titled = (id: number) => byId.get(id)?.hits.some((h) => h.field === 'title') ?? false;
    const order = [...[...info.keys()].filter(titled), ...[...info.keys()].filter((id) => !titled(id))];
    // Words too short for the full-text indexes are looked for in titles and descriptions only. The
    // transcripts are read in that order until the first SEARCH_MAX_MODULES modules with a hit are known.
    if (terms.every((t) => t.length >= MIN_INDEXED_CHARS)) {
      const lines = await this.captions.searchTranscripts(order, terms, {
        perModule: SEARCH_MAX_HITS_PER_MODULE,
        keep: (plain) => matchesAll(plain, terms),
        enough: (asked, withLines) => asked.filter((id) => byId.has(id) || withLines.has(id)).length >= SEARCH_MAX_MODULES,
      });
      lines.sort((a, b) => a.moduleId - b.moduleId || a.startMs - b.startMs);
      for (const line of lines)
        add(info.get(line.moduleId)!, {
          field: 'transcript',
          seconds: Math.floor(line.startMs / 1000),
          snippet: snippet(line.plain, terms),
        });
    }
    const position = new Map(order.map((id, i) => [id, i]));
    const results = [...byId.values()]
      .sort((a, b) => position.get(a.moduleId)! - position.get(b.moduleId)!)
      .slice(0, SEARCH_MAX_MODULES);
    return { query: q, results };
  }
}
