import type { CourseContentResponse, ModuleVideo } from '@academy/contracts';
import { Box, Typography } from '@mui/material';
import { forwardRef, lazy, Suspense, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { httpClient } from '../../lib/http';

const MuxPlayer = lazy(() => import('@mux/mux-player-react'));

export interface PreviewHandle {
  /** Plays the video from this second. */
  seek(seconds: number): void;
}

/**
 * The module's video beside its lines, as students see it: Mux with the signed tokens the course API
 * gives admins, or YouTube's privacy-enhanced embed. A line's play button plays from there.
 */
export const CaptionsPreview = forwardRef<PreviewHandle, { courseId: string; moduleId: number }>(function CaptionsPreview(
  { courseId, moduleId },
  ref,
) {
  const [video, setVideo] = useState<ModuleVideo | null | undefined>(undefined);
  const [start, setStart] = useState(0);
  const [n, setN] = useState(0);
  const mux = useRef<{ currentTime: number; play?: () => Promise<void> } | null>(null);

  useEffect(() => {
    let live = true;
    httpClient(`/api/courses/${encodeURIComponent(courseId)}`)
      .then(({ json }) => {
        const m = (json as CourseContentResponse).modules.find((x) => x.id === moduleId);
        if (live) setVideo(m?.video ?? null);
      })
      .catch(() => {
        if (live) setVideo(null);
      });
    return () => {
      live = false;
    };
  }, [courseId, moduleId]);

  useImperativeHandle(ref, () => ({
    seek(seconds: number) {
      if (video?.provider === 'mux' && mux.current) {
        mux.current.currentTime = seconds;
        void mux.current.play?.()?.catch(() => undefined);
      } else {
        setStart(seconds);
        setN((x) => x + 1);
      }
    },
  }));

  if (video === undefined) return null;
  if (video === null)
    return (
      <Typography color="text.secondary" variant="body2">
        Modulen har ingen video å vise ennå.
      </Typography>
    );
  return (
    <Box
      data-testid="captions-preview"
      sx={{
        position: 'sticky',
        top: 16,
        aspectRatio: '16 / 9',
        width: '100%',
        bgcolor: '#000',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {video.provider === 'mux' ? (
        <Suspense fallback={null}>
          <MuxPlayer
            ref={(el) => {
              mux.current = el as unknown as typeof mux.current;
            }}
            playbackId={video.playbackId}
            tokens={{ playback: video.token, thumbnail: video.thumbnailToken }}
            streamType="on-demand"
            disableTracking
            disableCookies
            style={{ width: '100%', height: '100%' }}
            title="Forhåndsvisning"
          />
        </Suspense>
      ) : (
        <iframe
          key={n}
          title="Forhåndsvisning av videoen"
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.videoId)}?rel=0${start > 0 ? `&start=${start}&autoplay=1` : ''}`}
          style={{ border: 0, width: '100%', height: '100%' }}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      )}
    </Box>
  );
});
