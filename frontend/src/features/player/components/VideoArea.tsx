import { formatClock, type CourseModuleView } from '@academy/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Icon } from '../../../components/Icon';
import './VideoArea.css';

/** Mux Player is loaded on the click, not before: the player page's first load stays as small as it was. */
const MuxPlayerView = lazy(() => import('./MuxPlayerView'));

export function youTubeEmbedUrl(videoId: string, startSeconds = 0): string {
  const start = startSeconds > 0 ? `&start=${Math.floor(startSeconds)}` : '';
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?rel=0&modestbranding=1&autoplay=1${start}`;
}

/**
 * A moment to play from: a transcript link (`play`: start now) or a search hit's address (the
 * poster offers to play from there; nothing loads before the click). `n` tells repeated seeks apart.
 */
export interface VideoSeek {
  seconds: number;
  play: boolean;
  n: number;
}

export function youTubeThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`;
}

/** The poster of a signed Mux video (image.mux.com needs the thumbnail token). */
export function muxThumbnailUrl(playbackId: string, thumbnailToken: string): string {
  return `https://image.mux.com/${encodeURIComponent(playbackId)}/thumbnail.webp?width=960&token=${encodeURIComponent(thumbnailToken)}`;
}

/** Tokens this close to their end are fetched anew before the player starts. */
const TOKEN_MARGIN_MS = 60_000;

function PlayButton({
  title,
  image,
  note,
  from,
  onClick,
}: {
  title: string;
  image: string;
  note: string;
  from: number;
  onClick(): void;
}) {
  return (
    <div className="video">
      <button
        type="button"
        className="video__poster"
        onClick={onClick}
        // The visible note is part of the name too (WCAG 2.5.3, label in name).
        aria-label={`${from > 0 ? `Spill av video fra ${formatClock(from)}: ${title}` : `Spill av video: ${title}`}. ${note}`}
        data-testid="video-play"
      >
        <img src={image} alt="" loading="lazy" decoding="async" />
        <span className="video__play" aria-hidden="true">
          <Icon name="play" size={34} />
        </span>
        <span className="video__privacy">{note}</span>
      </button>
    </div>
  );
}

/**
 * The video area: a thumbnail that loads the player only after a click (YouTube's privacy-enhanced
 * embed, or Mux Player with signed playback), or, for a module without a video, the overlay text
 * from the site settings (default «Videoen kommer snart»).
 */
export function VideoArea({
  module,
  overlayText,
  onWatched,
  onTokensStale,
  seek = null,
  captionsOn = false,
}: {
  module: CourseModuleView;
  overlayText: string;
  /** Play from this moment (transcript links, search hits). */
  seek?: VideoSeek | null;
  /** The captions track is shown (Mux; the student's choice). */
  captionsOn?: boolean;
  /** The player saw 90 % of the video (Mux): the module counts as completed. */
  onWatched?: () => void;
  /** The signed tokens are (nearly) expired: fetch the course again for new ones. */
  onTokensStale?: () => void;
}) {
  const [playing, setPlaying] = useState(false);
  const video = module.video;
  const from = seek?.seconds ?? 0;
  // A transcript link is a click on the video's moment: the player starts there.
  useEffect(() => {
    if (seek?.play) setPlaying(true);
  }, [seek?.play, seek?.n]);
  if (!video) {
    return (
      <div className="video video--coming" data-testid="video-overlay">
        <div className="video__overlay">
          <Icon name="clock" size={36} />
          <p className="video__overlay-text">{overlayText}</p>
        </div>
      </div>
    );
  }
  if (video.provider === 'mux') {
    if (!playing)
      return (
        <PlayButton
          title={module.title}
          image={muxThumbnailUrl(video.playbackId, video.thumbnailToken)}
          note="Videoen spilles av fra Mux når du trykker"
          from={from}
          onClick={() => {
            if (new Date(video.expiresAt).getTime() - Date.now() < TOKEN_MARGIN_MS) onTokensStale?.();
            setPlaying(true);
          }}
        />
      );
    return (
      <div className="video video--mux">
        <Suspense
          fallback={
            <div className="video__overlay" role="status">
              <p>Laster videospilleren …</p>
            </div>
          }
        >
          <MuxPlayerView
            playbackId={video.playbackId}
            token={video.token}
            thumbnailToken={video.thumbnailToken}
            title={module.title}
            captionsUrl={module.captionsUrl}
            captionsOn={captionsOn}
            startTime={from}
            seekKey={seek?.n ?? 0}
            onWatched={() => onWatched?.()}
          />
        </Suspense>
      </div>
    );
  }
  if (playing) {
    return (
      <div className="video">
        <iframe
          key={seek?.n ?? 0}
          className="video__frame"
          src={youTubeEmbedUrl(video.videoId, from)}
          title={`Video: ${module.title}`}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <PlayButton
      title={module.title}
      image={youTubeThumbnailUrl(video.videoId)}
      note="Videoen lastes fra YouTube når du trykker"
      from={from}
      onClick={() => setPlaying(true)}
    />
  );
}
