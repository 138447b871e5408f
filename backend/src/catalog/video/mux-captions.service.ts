import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Mux from '@mux/mux-node';
import { DataSource } from 'typeorm';
import { MUX_CAPTIONS_LANGUAGE, type CaptionCue } from '@academy/contracts';
import { AuditService } from '../../platform/audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { CaptionsService } from '../captions/captions.service';
import { readVttFile } from '../captions/vtt-file';
import { CatalogContentService } from '../catalog-content.service';
import { MUX_CLIENT } from './mux.provider';
import { PlaybackTokensService } from './playback-tokens.service';

export const CAPTIONS_GENERATED_AUDIT_ACTION = 'module.captions_generated';

/** How long the text track's file may take to arrive. */
const FETCH_TIMEOUT_MS = 15_000;

export type TrackOutcome = 'changed' | 'duplicate' | 'ignored';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * `video.asset.track.ready` for the Norwegian text track Mux generated from an upload (asked for
 * with `generated_subtitles` on the new asset): the file is fetched from stream.mux.com with a
 * signed playback token and becomes the module's captions draft, marked `generated` until the
 * mentor approves it (docs/decisions.md "Course content"). A draft the mentor has already corrected
 * for the same asset is kept. Failures throw, so the webhook answers 503 and Mux tries again.
 */
@Injectable()
export class MuxCaptionsService {
  private readonly logger = new Logger('MuxCaptions');

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @Inject(MUX_CLIENT) private readonly mux: Mux | null,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly playback: PlaybackTokensService,
    private readonly captions: CaptionsService,
    private readonly content: CatalogContentService,
    private readonly audit: AuditService,
  ) {}

  async trackReady(track: Record<string, unknown>): Promise<TrackOutcome> {
    const trackId = str(track.id);
    const assetId = str(track.asset_id);
    if (
      !this.mux ||
      !trackId ||
      !assetId ||
      track.type !== 'text' ||
      track.text_source !== 'generated_vod' ||
      track.status !== 'ready' ||
      track.language_code !== MUX_CAPTIONS_LANGUAGE
    )
      return 'ignored';
    const asset = await this.mux.video.assets.retrieve(assetId);
    const uploadId = str(asset.upload_id);
    const playbackId = (asset.playback_ids ?? []).find((p) => p.policy === 'signed')?.id;
    if (!uploadId || !playbackId) return 'ignored';
    const file = await this.fetchFile(playbackId, trackId);
    if (!file) return 'ignored';
    const { cues, vtt } = file;
    return this.ds.transaction(async (m) => {
      const mod = await this.content.findModuleByUpload(uploadId, m);
      if (!mod) return 'ignored' as const;
      const before = await this.captions.find(mod.id, m);
      if (before?.muxTrackId === trackId) return 'duplicate' as const;
      // The mentor's corrections of this video's captions are not overwritten by a late delivery.
      if (before && before.muxAssetId === assetId && before.state !== 'generated') return 'duplicate' as const;
      await this.captions.write(
        mod.id,
        { vtt, cues, state: 'generated', source: 'mux', approve: false, muxAssetId: assetId, muxTrackId: trackId },
        m,
      );
      await this.audit.record(m, null, {
        action: CAPTIONS_GENERATED_AUDIT_ACTION,
        entity: 'module',
        entityId: mod.id,
        before: before ? { state: before.state, source: before.source } : null,
        after: { state: 'generated', cues: cues.length, muxTrackId: trackId },
      });
      return 'changed' as const;
    });
  }

  /** The track's WebVTT file (signed like the video) and its cues; null when Mux's file is not one the site can use. */
  private async fetchFile(playbackId: string, trackId: string): Promise<{ vtt: string; cues: CaptionCue[] } | null> {
    const tokens = this.playback.forPlaybackId(playbackId);
    if (!tokens || !this.cfg.mux) return null;
    const base = this.cfg.mux.streamBase.toString().replace(/\/+$/, '');
    const url = `${base}/${encodeURIComponent(playbackId)}/text/${encodeURIComponent(trackId)}.vtt?token=${encodeURIComponent(tokens.token)}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`Mux text track ${trackId} answered ${res.status}`);
    const parsed = readVttFile(await res.text());
    if (!parsed.ok) {
      this.logger.warn({ trackId, error: parsed.error }, 'Mux text track is not usable WebVTT; ignored');
      return null;
    }
    return { vtt: parsed.vtt, cues: parsed.cues };
  }
}
