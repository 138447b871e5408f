import type { CourseModuleView } from '@academy/contracts';
import { useState } from 'react';
import { Icon } from '../../../components/Icon';
import './VideoArea.css';

export function youTubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?rel=0&modestbranding=1&autoplay=1`;
}

export function youTubeThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`;
}

/**
 * The video area: a thumbnail that loads YouTube's privacy-enhanced player only after a click, or,
 * for a module without a video, the overlay text from the site settings (default «Videoen kommer snart»).
 */
export function VideoArea({ module, overlayText }: { module: CourseModuleView; overlayText: string }) {
  const [playing, setPlaying] = useState(false);
  const videoId = module.hasVideo ? module.videoId : null;
  if (!videoId) {
    return (
      <div className="video video--coming" data-testid="video-overlay">
        <div className="video__overlay">
          <Icon name="clock" size={36} />
          <p className="video__overlay-text">{overlayText}</p>
        </div>
      </div>
    );
  }
  if (playing) {
    return (
      <div className="video">
        <iframe
          className="video__frame"
          src={youTubeEmbedUrl(videoId)}
          title={`Video: ${module.title}`}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <div className="video">
      <button
        type="button"
        className="video__poster"
        onClick={() => setPlaying(true)}
        aria-label={`Spill av video: ${module.title}`}
      >
        <img src={youTubeThumbnailUrl(videoId)} alt="" loading="lazy" decoding="async" />
        <span className="video__play" aria-hidden="true">
          <Icon name="play" size={34} />
        </span>
        <span className="video__privacy">Videoen lastes fra YouTube når du trykker</span>
      </button>
    </div>
  );
}
