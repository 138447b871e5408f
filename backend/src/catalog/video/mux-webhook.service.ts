import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Mux from '@mux/mux-node';
import { DataSource } from 'typeorm';
import { MSG, VIDEO_MSG, type AuditAction } from '@academy/contracts';
import { AuditService } from '../../platform/audit/audit.service';
import { AppError, badRequest, unavailable } from '../../platform/errors/app-error';
import { CatalogContentService, type ModuleChanges } from '../catalog-content.service';
import { CatalogService } from '../catalog.service';
import type { CourseModule } from '../entities/course-module.entity';
import { MuxCaptionsService } from './mux-captions.service';
import { MUX_CLIENT } from './mux.provider';

/** The audit actions a Mux webhook writes (each has its label in the admin panel). */
export const VIDEO_UPLOAD_AUDIT_ACTION = 'module.video_upload';
export const VIDEO_READY_AUDIT_ACTION = 'module.video_ready';
export const VIDEO_ERRORED_AUDIT_ACTION = 'module.video_errored';
type MuxAuditAction = typeof VIDEO_UPLOAD_AUDIT_ACTION | typeof VIDEO_READY_AUDIT_ACTION | typeof VIDEO_ERRORED_AUDIT_ACTION;

/** Mux's tolerance for a signature's timestamp, both ways (its SDK checks only the past). */
const TOLERANCE_SECONDS = 300;

export interface MuxWebhookAnswer {
  received: true;
  /** Delivered before, or nothing left to change. */
  duplicate?: boolean;
  /** An event this site does not act on, or for an upload it did not make. */
  ignored?: boolean;
}

/** The parts of a Mux webhook event this site reads (Mux's published shape: `{type, id, data, ...}`). */
interface MuxEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The messages of an asset's or upload's error, in one line. */
function reason(e: unknown): string {
  if (!e || typeof e !== 'object') return 'ukjent feil';
  const o = e as { messages?: unknown; message?: unknown; type?: unknown };
  const parts = Array.isArray(o.messages) ? o.messages.filter((x): x is string => typeof x === 'string') : [];
  if (typeof o.message === 'string') parts.push(o.message);
  const text = parts.join('; ') || (typeof o.type === 'string' ? o.type : '') || 'ukjent feil';
  return text.slice(0, 400);
}

/**
 * POST /api/mux/webhook: Mux tells what became of a direct upload. The `mux-signature` header
 * (`t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with MUX_WEBHOOK_SECRET>`) is checked with
 * the SDK on the raw body, within five minutes. `video.asset.ready` gives the module its signed
 * playback id and length; `video.asset.errored` (and a failed upload) shows the error in the panel;
 * `video.asset.track.ready` brings the generated captions (MuxCaptionsService).
 * Events are applied by state, so a repeated delivery changes nothing; an upload no module made is
 * answered 200 and ignored. Failures after the signature check answer 503, so Mux tries again.
 */
@Injectable()
export class MuxWebhookService {
  private readonly logger = new Logger('MuxWebhook');

  constructor(
    @Inject(MUX_CLIENT) private readonly mux: Mux | null,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly content: CatalogContentService,
    private readonly catalog: CatalogService,
    private readonly audit: AuditService,
    private readonly muxCaptions: MuxCaptionsService,
  ) {}

  async verify(rawBody: Buffer | undefined, signature: unknown, nowMs = Date.now()): Promise<MuxEvent> {
    const sig = Array.isArray(signature) ? signature[0] : signature;
    if (!this.mux || !rawBody || rawBody.length === 0 || typeof sig !== 'string' || sig === '')
      throw badRequest(MSG.invalidSignature, 'INVALID_SIGNATURE');
    const body = rawBody.toString('utf8');
    try {
      await this.mux.webhooks.verifySignature(body, { 'mux-signature': sig });
    } catch {
      throw badRequest(MSG.invalidSignature, 'INVALID_SIGNATURE');
    }
    // The SDK refuses old timestamps only; one from the future is as suspect.
    const t = Number(/(?:^|,)t=(\d+)/.exec(sig)?.[1]);
    if (!Number.isFinite(t) || t - Math.floor(nowMs / 1000) > TOLERANCE_SECONDS)
      throw badRequest(MSG.invalidSignature, 'INVALID_SIGNATURE');
    let event: unknown;
    try {
      event = JSON.parse(body);
    } catch {
      throw badRequest(VIDEO_MSG.invalidMuxEvent);
    }
    const e = event as Partial<MuxEvent> | null;
    if (
      !e ||
      typeof e !== 'object' ||
      typeof e.type !== 'string' ||
      !e.data ||
      typeof e.data !== 'object' ||
      Array.isArray(e.data)
    )
      throw badRequest(VIDEO_MSG.invalidMuxEvent);
    return { id: typeof e.id === 'string' ? e.id : '', type: e.type, data: e.data };
  }

  async handle(rawBody: Buffer | undefined, signature: unknown): Promise<MuxWebhookAnswer> {
    const event = await this.verify(rawBody, signature);
    try {
      return await this.dispatch(event);
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.logger.error({ err, eventId: event.id, type: event.type }, 'Mux webhook failed; Mux will retry');
      throw unavailable(MSG.serviceUnavailable);
    }
  }

  private dispatch(e: MuxEvent): Promise<MuxWebhookAnswer> {
    const d = e.data;
    switch (e.type) {
      case 'video.upload.asset_created':
        return this.apply(str(d.id), VIDEO_UPLOAD_AUDIT_ACTION, (mod) =>
          mod.videoStatus === 'waiting' ? { videoStatus: 'processing', muxAssetId: str(d.asset_id) } : null,
        );
      case 'video.asset.ready':
        return this.apply(str(d.upload_id), VIDEO_READY_AUDIT_ACTION, (mod) => this.ready(mod, d));
      case 'video.asset.track.ready':
        // The Norwegian captions Mux generated: the module's captions draft.
        return this.muxCaptions.trackReady(d).then((r) => {
          if (r === 'changed') this.catalog.invalidate();
          return r === 'changed' ? { received: true } : { received: true, [r]: true };
        });
      case 'video.asset.errored':
        return this.apply(str(d.upload_id), VIDEO_ERRORED_AUDIT_ACTION, (mod) =>
          // A ready video is not undone by a late error about the same asset.
          mod.videoStatus === 'ready' && mod.muxAssetId === str(d.id)
            ? null
            : { videoStatus: 'errored', muxAssetId: str(d.id), videoError: VIDEO_MSG.assetErrored(reason(d.errors)) },
        );
      case 'video.upload.errored':
      case 'video.upload.cancelled':
      case 'video.upload.timed_out':
        return this.apply(str(d.id), VIDEO_ERRORED_AUDIT_ACTION, (mod) =>
          mod.videoStatus === 'waiting'
            ? {
                videoStatus: 'errored',
                videoError: VIDEO_MSG.uploadErrored(
                  e.type === 'video.upload.errored'
                    ? reason(d.error)
                    : e.type === 'video.upload.cancelled'
                      ? 'avbrutt'
                      : 'tidsavbrudd',
                ),
              }
            : null,
        );
      default:
        return Promise.resolve({ received: true, ignored: true });
    }
  }

  /** `video.asset.ready`: the asset's signed playback id and its length (the module's minutes follow it). */
  private ready(mod: CourseModule, asset: Record<string, unknown>): ModuleChanges {
    const ids = Array.isArray(asset.playback_ids) ? (asset.playback_ids as Array<{ id?: unknown; policy?: unknown }>) : [];
    const signed = ids.find((p) => p && p.policy === 'signed' && typeof p.id === 'string');
    if (!signed) return { videoStatus: 'errored', muxAssetId: str(asset.id), videoError: VIDEO_MSG.noSignedPlaybackId };
    const seconds = typeof asset.duration === 'number' && Number.isFinite(asset.duration) ? Math.max(0, asset.duration) : null;
    return {
      videoProvider: 'mux',
      muxPlaybackId: signed.id as string,
      muxAssetId: str(asset.id),
      videoStatus: 'ready',
      videoError: null,
      videoDurationSeconds: seconds === null ? mod.videoDurationSeconds : Math.round(seconds),
      durationMinutes: seconds === null ? mod.durationMinutes : Math.min(1000, Math.max(1, Math.round(seconds / 60))),
    };
  }

  /**
   * Applies `change` to the module the upload was made for, in one transaction with its audit entry.
   * Fields that already hold the new values are left alone; nothing left means a repeated delivery.
   */
  private async apply(
    uploadId: string | null,
    action: MuxAuditAction,
    change: (mod: CourseModule) => ModuleChanges | null,
  ): Promise<MuxWebhookAnswer> {
    if (!uploadId) return { received: true, ignored: true };
    const result = await this.ds.transaction(async (m) => {
      const mod = await this.content.findModuleByUpload(uploadId, m);
      if (!mod) return 'ignored' as const;
      const proposed = change(mod);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(proposed ?? {})) {
        const old = (mod as unknown as Record<string, unknown>)[k];
        if (v === undefined || old === v) continue;
        before[k] = old;
        after[k] = v;
      }
      if (!Object.keys(after).length) return 'duplicate' as const;
      await this.content.updateModule(mod.id, after as ModuleChanges, m);
      await this.audit.record(m, null, {
        action: action satisfies AuditAction,
        entity: 'module',
        entityId: mod.id,
        before,
        after,
      });
      return 'changed' as const;
    });
    if (result === 'ignored') return { received: true, ignored: true };
    if (result === 'duplicate') return { received: true, duplicate: true };
    this.catalog.invalidate();
    return { received: true };
  }
}
