/**
 * Module video (docs/decisions.md "Course content"): YouTube for the free Starter and teasers, Mux with
 * signed, expiring playback for paid content, uploaded from the admin panel.
 */
export const VIDEO_PROVIDERS = ['youtube', 'mux'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/**
 * Where a module's Mux video is: `waiting` (an upload link was made, the file is on its way),
 * `processing` (Mux has the file and is preparing it), `ready`, `errored`. Null: no upload yet.
 */
export const MUX_VIDEO_STATUSES = ['waiting', 'processing', 'ready', 'errored'] as const;
export type MuxVideoStatus = (typeof MUX_VIDEO_STATUSES)[number];

/** A Mux playback id: letters and digits (Mux's are 20–60 characters long). */
export const MUX_PLAYBACK_ID_PATTERN = /^[A-Za-z0-9]{10,100}$/;

/** A captions file: an https address of a WebVTT file (`.vtt`, a query string allowed). */
export const CAPTIONS_URL_PATTERN = /^https:\/\/[^\s<>"]+\.vtt(?:\?[^\s<>"#]*)?$/i;

/** The longest life of a playback token the course API hands out (Mux checks `exp`). */
export const MUX_TOKEN_MAX_SECONDS = 6 * 60 * 60;

/** A module's video as the player receives it (only for someone who may watch the module now). */
export type ModuleVideo =
  | { provider: 'youtube'; videoId: string }
  | {
      provider: 'mux';
      playbackId: string;
      /** RS256 JWT, audience `v`, for stream.mux.com. */
      token: string;
      /** RS256 JWT, audience `t`, for image.mux.com (poster and timeline thumbnails). */
      thumbnailToken: string;
      /** ISO time both tokens stop working (at most six hours ahead); the player fetches the course again after. */
      expiresAt: string;
    };

/** POST /api/admin/modules/:id/video-upload: where the browser sends the file (Mux direct upload, resumable chunks). */
export interface VideoUploadResponse {
  uploadUrl: string;
  uploadId: string;
}

/** The Norwegian texts of the video routes. */
export const VIDEO_MSG = {
  muxNotConfigured:
    'Mux er ikke satt opp på serveren (MUX_TOKEN_ID, MUX_TOKEN_SECRET, MUX_WEBHOOK_SECRET, MUX_SIGNING_KEY_ID og MUX_SIGNING_PRIVATE_KEY). Bruk YouTube inntil videre.',
  muxUnavailable: 'Kunne ikke starte opplastingen hos Mux. Prøv igjen om litt.',
  invalidProvider: 'Videotjeneste må være youtube eller mux',
  invalidYouTubeId: 'Video-id må være en YouTube-id på 11 tegn (eller en YouTube-lenke)',
  invalidMuxPlaybackId: 'Mux playback-id må være 10–100 bokstaver og tall',
  invalidCaptionsUrl: 'Tekstingsfilen må være en https-adresse til en .vtt-fil',
  invalidMuxEvent: 'Ugyldig hendelse fra Mux',
  /** What the panel shows for a module whose upload is on its way or being prepared. */
  processing: 'Behandles …',
  assetErrored: (why: string) => `Mux kunne ikke behandle videoen: ${why}`,
  uploadErrored: (why: string) => `Opplastingen til Mux feilet: ${why}`,
  noSignedPlaybackId: 'Videoen har ingen signert playback-id hos Mux',
} as const;
