import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG, type AdminSettings } from '@academy/contracts';
import { CatalogService } from '../../catalog/catalog.service';
import {
  DEFAULT_OVERLAY_TEXT,
  SETTING_MENTOR_BOOKING_URL,
  SETTING_OVERLAY_TEXT,
  SETTING_STUDENT_COUNT_THRESHOLD,
} from '../../catalog/catalog.seed';
import { SiteSettingsService } from '../../catalog/site-settings.service';
import type { User } from '../../identity/entities/user.entity';
import { AuditService } from '../../platform/audit/audit.service';
import { badRequest } from '../../platform/errors/app-error';

/**
 * The site settings the mentor edits: the text on videos that are not out yet, the booking link and
 * from how many students the pages show the count. Every change is audited in its transaction; the
 * catalogue is invalidated when what it shows changed.
 */
@Injectable()
export class AdminSettingsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly catalog: CatalogService,
    private readonly site: SiteSettingsService,
  ) {}

  async getSettings(): Promise<AdminSettings> {
    return {
      id: 'site',
      videoOverlayText: (await this.site.storedOverlayText()) ?? DEFAULT_OVERLAY_TEXT,
      mentorBookingUrl: await this.site.mentorBookingUrl(),
      studentCountThreshold: await this.site.studentCountThreshold(),
    };
  }

  /** Saves from how many students the pages show the count, audited; the catalogue is rebuilt. */
  private async updateStudentCountThreshold(value: number | undefined, actor: User): Promise<void> {
    if (value === undefined) return;
    const changed = await this.ds.transaction(async (m) => {
      const before = await this.site.studentCountThreshold(m);
      if (before === value) return false;
      await this.site.saveStudentCountThreshold(value, m);
      await this.audit.record(m, actor, {
        action: 'settings.update',
        entity: 'settings',
        entityId: SETTING_STUDENT_COUNT_THRESHOLD,
        before: { studentCountThreshold: before },
        after: { studentCountThreshold: value },
      });
      return true;
    });
    if (changed) this.catalog.invalidate();
  }

  /** Saves the mentor's booking link when given (blank or null removes it), audited. */
  private async updateBookingUrl(value: string | null | undefined, actor: User): Promise<void> {
    if (value === undefined) return;
    await this.ds.transaction(async (m) => {
      const before = await this.site.mentorBookingUrl(m);
      if (before === value) return;
      await this.site.saveMentorBookingUrl(value, m);
      await this.audit.record(m, actor, {
        action: 'settings.update',
        entity: 'settings',
        entityId: SETTING_MENTOR_BOOKING_URL,
        before: { mentorBookingUrl: before },
        after: { mentorBookingUrl: value },
      });
    });
  }

  async updateSettings(
    videoOverlayText: string | undefined,
    actor: User,
    mentorBookingUrl?: string | null,
    studentCountThreshold?: number,
  ): Promise<AdminSettings> {
    if (videoOverlayText === undefined && mentorBookingUrl === undefined && studentCountThreshold === undefined)
      throw badRequest(MSG.validation, 'VALIDATION_FAILED');
    await this.updateBookingUrl(mentorBookingUrl, actor);
    await this.updateStudentCountThreshold(studentCountThreshold, actor);
    if (videoOverlayText !== undefined) await this.updateOverlayText(videoOverlayText, actor);
    return this.getSettings();
  }

  private async updateOverlayText(videoOverlayText: string, actor: User): Promise<void> {
    const changed = await this.ds.transaction(async (m) => {
      const stored = await this.site.storedOverlayText(m);
      const before = stored ?? DEFAULT_OVERLAY_TEXT;
      if (stored !== null && before === videoOverlayText) return false;
      await this.site.saveOverlayText(videoOverlayText, m);
      await this.audit.record(m, actor, {
        action: 'settings.update',
        entity: 'settings',
        entityId: SETTING_OVERLAY_TEXT,
        before: { videoOverlayText: before },
        after: { videoOverlayText },
      });
      return true;
    });
    if (changed) {
      // Refreshes this instance's cached copy at once (the row already holds the same value).
      await this.site.setOverlayText(videoOverlayText);
      this.catalog.invalidate();
    }
  }
}
