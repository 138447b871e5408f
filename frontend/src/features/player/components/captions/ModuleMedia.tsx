import type { CourseModuleView } from '@academy/contracts';
import { VideoArea, type VideoSeek } from '../VideoArea';
import { CaptionsToggle } from './CaptionsToggle';
import { useCaptionsPreference } from './captions-preference';

/**
 * The module's video with its captions button: the button shows for a video the site plays itself
 * (Mux) when the module has captions; YouTube's own player is left alone (its transcript is below).
 */
export function ModuleMedia({
  module,
  overlayText,
  seek,
  onWatched,
  onTokensStale,
}: {
  module: CourseModuleView;
  overlayText: string;
  seek: VideoSeek | null;
  onWatched(): void;
  onTokensStale(): void;
}) {
  const [captionsOn, setCaptionsOn] = useCaptionsPreference();
  const hasCaptions = module.video?.provider === 'mux' && module.captionsUrl !== null;
  return (
    <>
      <VideoArea
        module={module}
        overlayText={overlayText}
        seek={seek}
        captionsOn={captionsOn}
        onWatched={onWatched}
        onTokensStale={onTokensStale}
      />
      {hasCaptions && (
        <div className="player__video-tools">
          <CaptionsToggle on={captionsOn} onChange={setCaptionsOn} />
        </div>
      )}
    </>
  );
}
