import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CAPTIONS_MSG, type AdminCaptions } from '@academy/contracts';
import { CaptionsService } from '../../catalog/captions/captions.service';
import { readVttFile } from '../../catalog/captions/vtt-file';
import { CatalogContentService } from '../../catalog/catalog-content.service';
import { CatalogService } from '../../catalog/catalog.service';
import type { User } from '../../identity/entities/user.entity';
import { AuditService } from '../../platform/audit/audit.service';
import { AppError, notFound } from '../../platform/errors/app-error';

/**
 * The panel's "Teksting" tab: the mentor reads a module's captions, corrects or replaces them and
 * approves them for students (docs/decisions.md "Course content"). Every save is audited.
 */
@Injectable()
export class AdminCaptionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly captions: CaptionsService,
    private readonly content: CatalogContentService,
    private readonly catalog: CatalogService,
    private readonly audit: AuditService,
  ) {}

  async get(moduleId: number): Promise<AdminCaptions> {
    if (!(await this.content.findModule(moduleId))) throw notFound(CAPTIONS_MSG.moduleNotFound);
    return this.captions.forAdmin(moduleId);
  }

  /**
   * Saves the file, as given, as the draft (`edited`), or with `approved` as what students get. A file
   * the W3C WebVTT parser objects to: 400 with what is wrong and its line, in Norwegian.
   */
  async put(moduleId: number, vtt: string, approved: boolean, actor: User): Promise<AdminCaptions> {
    const parsed = readVttFile(vtt);
    if (!parsed.ok) throw new AppError(400, 'INVALID_CAPTIONS', parsed.error, { line: parsed.line });
    const result = await this.ds.transaction(async (m) => {
      if (!(await this.content.findModule(moduleId, m))) throw notFound(CAPTIONS_MSG.moduleNotFound);
      const before = await this.captions.find(moduleId, m);
      await this.captions.write(
        moduleId,
        { vtt: parsed.vtt, cues: parsed.cues, state: approved ? 'approved' : 'edited', source: 'panel', approve: approved },
        m,
      );
      await this.audit.record(m, actor, {
        action: 'module.captions_update',
        entity: 'module',
        entityId: moduleId,
        before: before ? { state: before.state, source: before.source } : null,
        after: { state: approved ? 'approved' : 'edited', cues: parsed.cues.length, approved },
      });
      return this.captions.forAdmin(moduleId, m);
    });
    // The player's captions address and transcript follow the approved version.
    if (approved) this.catalog.invalidate();
    return result;
  }
}
