import MuxPlayer from '@mux/mux-player-react';
import { useEffect, useRef } from 'react';
import { useCookieSettings } from '../../../lib/cookie-settings';

/** Share of the video after which the player reports the module as watched. */
export const WATCHED_SHARE = 0.9;

export interface MuxPlayerViewProps {
  playbackId: string;
  token: string;
  thumbnailToken: string;
  title: string;
  captionsUrl: string | null;
  /** Whether the captions track shows (the student's choice, see useCaptionsPreference). */
  captionsOn: boolean;
  /** The second to start from, and a key that changes with every new seek. */
  startTime: number;
  seekKey: number;
  /** Called once when 90 % of the video has been watched. */
  onWatched(): void;
}

/**
 * Mux Player with signed playback (loaded only after the student clicks play, in its own chunk). No
 * cookies: Mux Data is off unless statistics consent was given, and its cookie is never set.
 */
export default function MuxPlayerView(p: MuxPlayerViewProps) {
  const ref = useRef<HTMLElement | null>(null);
  const reported = useRef(false);
  // Statistics consent: only then may Mux Data measure the viewing. Functional consent: only then may
  // the player remember volume and mute on the device.
  // The choice as the cookie banner holds it (no import of the consent store: this chunk stays apart from it).
  const { consent } = useCookieSettings();
  const analytics = consent?.analytics === true;
  const functional = consent?.functional === true;

  // The play button is gone: keyboard focus moves into the player, whose controls take Space, arrows, F, M, C.
  useEffect(() => {
    ref.current?.focus();
  }, []);

  // A new moment from the transcript while the video plays: jump there.
  const firstSeek = useRef(p.seekKey);
  useEffect(() => {
    if (p.seekKey === firstSeek.current) return;
    const el = ref.current as unknown as { currentTime?: number; play?: () => Promise<void> } | null;
    if (el) {
      el.currentTime = p.startTime;
      void el.play?.()?.catch(() => undefined);
    }
  }, [p.seekKey, p.startTime]);

  // The captions button: every captions track of the media shows or hides.
  useEffect(() => {
    const media = (ref.current as unknown as { media?: HTMLMediaElement } | null)?.media;
    const tracks = media?.textTracks;
    if (!tracks) return;
    for (let i = 0; i < tracks.length; i++) {
      if (tracks[i].kind === 'captions' || tracks[i].kind === 'subtitles') tracks[i].mode = p.captionsOn ? 'showing' : 'disabled';
    }
  }, [p.captionsOn]);

  return (
    <MuxPlayer
      ref={(el) => {
        ref.current = el as unknown as HTMLElement | null;
        // No casting: it would load Google's Cast script from gstatic.com, which the site does not allow.
        (el as unknown as { media?: HTMLElement } | null)?.media?.setAttribute('disableremoteplayback', '');
      }}
      className="video__mux"
      data-testid="mux-player"
      playbackId={p.playbackId}
      tokens={{ playback: p.token, thumbnail: p.thumbnailToken }}
      streamType="on-demand"
      autoPlay
      startTime={p.startTime > 0 ? p.startTime : undefined}
      title={p.title}
      metadata={{ video_title: p.title }}
      disableTracking={!analytics}
      disableCookies
      noVolumePref={!functional}
      noMutedPref={!functional}
      accentColor="#16a34a"
      onTimeUpdate={(e) => {
        const el = e.target as HTMLMediaElement;
        if (!reported.current && el.duration > 0 && el.currentTime / el.duration >= WATCHED_SHARE) {
          reported.current = true;
          p.onWatched();
        }
      }}
    >
      {p.captionsUrl ? (
        <track
          kind="captions"
          src={p.captionsUrl}
          srcLang="nb"
          label="Norsk"
          default={p.captionsOn}
          data-testid="captions-track"
        />
      ) : null}
    </MuxPlayer>
  );
}
