import { Inject, Injectable, Logger } from '@nestjs/common';
import type Mux from '@mux/mux-node';
import { VIDEO_MSG, type VideoUploadResponse } from '@academy/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config';
import { unavailable } from '../../platform/errors/app-error';
import { MUX_CLIENT } from './mux.provider';

/** How long Mux keeps an upload link open for the file (seconds): long enough for a big file on a slow line. */
const UPLOAD_LINK_SECONDS = 6 * 60 * 60;

/**
 * Mux direct uploads: the server asks Mux for a one-off upload link, the admin panel sends the file
 * there itself (resumable chunks), and Mux's webhook says when the video is ready. The asset gets a
 * signed playback policy only, so it plays only with the tokens the course API hands to owners.
 */
@Injectable()
export class VideoUploadsService {
  private readonly logger = new Logger('MuxUploads');

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @Inject(MUX_CLIENT) private readonly mux: Mux | null,
  ) {}

  /** Whether uploads (and Mux at all) are offered. */
  get enabled(): boolean {
    return this.mux !== null;
  }

  /** A new direct upload for the module. 503 when Mux is not set up or does not answer. */
  async create(moduleId: number): Promise<VideoUploadResponse> {
    if (!this.mux) throw unavailable(VIDEO_MSG.muxNotConfigured);
    let upload: Awaited<ReturnType<Mux['video']['uploads']['create']>>;
    try {
      upload = await this.mux.video.uploads.create({
        cors_origin: this.cfg.publicOrigin,
        timeout: UPLOAD_LINK_SECONDS,
        new_asset_settings: {
          playback_policies: ['signed'],
          passthrough: `module:${moduleId}`,
          video_quality: 'basic',
        },
      });
    } catch (err) {
      this.logger.error({ err, moduleId }, 'Mux did not answer the new upload request');
      throw unavailable(VIDEO_MSG.muxUnavailable);
    }
    if (!upload?.id || !upload.url) {
      this.logger.error({ moduleId, uploadId: upload?.id }, 'Mux answered without an upload URL');
      throw unavailable(VIDEO_MSG.muxUnavailable);
    }
    return { uploadUrl: upload.url, uploadId: upload.id };
  }
}
