import type { ModuleVideo } from '@academy/contracts';
import type { CourseModule } from '../entities/course-module.entity';

/** A module's playable video as stored: a YouTube id, or a Mux playback id (signed policy) that needs tokens. */
export type StoredVideo = { provider: 'youtube'; videoId: string } | { provider: 'mux'; playbackId: string };

/**
 * What the module plays. A Mux module plays its ready playback id (while a new upload is prepared, the
 * previous video keeps playing); a module with nothing to play shows the overlay (null).
 */
export function storedVideoOf(m: Pick<CourseModule, 'videoProvider' | 'videoId' | 'muxPlaybackId'>): StoredVideo | null {
  if (m.videoProvider === 'mux') return m.muxPlaybackId ? { provider: 'mux', playbackId: m.muxPlaybackId } : null;
  return m.videoId ? { provider: 'youtube', videoId: m.videoId } : null;
}

/** Turns a stored video into what the player receives; Mux needs a signer (null when Mux is not set up: the overlay shows). */
export function playableVideo(
  video: StoredVideo | null,
  sign: (playbackId: string) => { token: string; thumbnailToken: string; expiresAt: Date } | null,
): ModuleVideo | null {
  if (!video) return null;
  if (video.provider === 'youtube') return { provider: 'youtube', videoId: video.videoId };
  const t = sign(video.playbackId);
  if (!t) return null;
  return {
    provider: 'mux',
    playbackId: video.playbackId,
    token: t.token,
    thumbnailToken: t.thumbnailToken,
    expiresAt: t.expiresAt.toISOString(),
  };
}
