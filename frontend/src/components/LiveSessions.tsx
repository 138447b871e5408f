import { RISK_NOTICE, type LiveSessionCourseId, type LiveSessionView } from '@academy/contracts';
import { useState } from 'react';
import { liveSessionIcsUrl, useLiveSessions } from '../lib/live-sessions';
import { ButtonAnchor } from './Button';
import { Icon } from './Icon';
import { Badge } from './Layout';
import './LiveSessions.css';

const COURSE_NAMES: Record<LiveSessionCourseId, string> = {
  foundation: 'Foundation',
  accelerator: 'Accelerator',
  kryptovaluta: 'Kryptovaluta',
  vip: 'VIP',
};

const dayFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', weekday: 'long', day: 'numeric', month: 'long' });
const yearFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' });

/** `torsdag 19. mars kl. 18:00–19:00` (Oslo time). */
function when(s: LiveSessionView): string {
  const start = new Date(s.startsAt);
  return `${dayFmt.format(start)} kl. ${timeFmt.format(start)}–${timeFmt.format(new Date(s.endsAt))}`;
}

/** A recording: YouTube's privacy-enhanced player, loaded only after a click (as the course videos). */
function Recording({ videoId, title }: { videoId: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const id = encodeURIComponent(videoId);
  if (playing) {
    return (
      <div className="live-recording">
        <iframe
          className="live-recording__frame"
          src={`https://www.youtube-nocookie.com/embed/${id}?rel=0&modestbranding=1&autoplay=1`}
          title={`Opptak: ${title}`}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <button
      type="button"
      className="live-recording live-recording__poster"
      onClick={() => setPlaying(true)}
      aria-label={`Se opptaket: ${title}`}
    >
      <img src={`https://i.ytimg.com/vi/${id}/hqdefault.jpg`} alt="" loading="lazy" decoding="async" />
      <span className="live-recording__play" aria-hidden="true">
        <Icon name="play" size={28} />
      </span>
      <span className="live-recording__privacy">Opptaket lastes fra YouTube når du trykker</span>
    </button>
  );
}

function Upcoming({ s }: { s: LiveSessionView }) {
  const cancelled = s.status === 'cancelled';
  return (
    <li className={`live-session${cancelled ? ' live-session--cancelled' : ''}`} data-live-session={s.id}>
      <div className="live-session__main">
        <h3 className="live-session__title">
          {s.title} {cancelled && <Badge tone="dark">Avlyst</Badge>}
        </h3>
        <p className="live-session__when">
          <Icon name="clock" size={16} /> {when(s)} · {s.courseIds.map((c) => COURSE_NAMES[c]).join(', ')}
        </p>
        {s.description && <p className="live-session__desc">{s.description}</p>}
        {!cancelled && !s.joinUrl && <p className="live-session__note">Lenken for å bli med vises her 15 minutter før start.</p>}
      </div>
      {!cancelled && (
        <div className="live-session__actions">
          {s.joinUrl && (
            <ButtonAnchor href={s.joinUrl} target="_blank" rel="noopener noreferrer" size="sm">
              Bli med nå
            </ButtonAnchor>
          )}
          <ButtonAnchor href={liveSessionIcsUrl(s.id)} download={`live-okt-${s.id}.ics`} size="sm" variant="secondary">
            Legg til i kalender
          </ButtonAnchor>
        </div>
      )}
    </li>
  );
}

function Past({ s }: { s: LiveSessionView }) {
  return (
    <li className="live-session live-session--past" data-live-session={s.id}>
      <div className="live-session__main">
        <h3 className="live-session__title">{s.title}</h3>
        <p className="live-session__when">
          <Icon name="clock" size={16} /> {yearFmt.format(new Date(s.startsAt))}
        </p>
        {s.notes && <p className="live-session__desc live-session__notes">{s.notes}</p>}
        {s.recordingVideoId ? (
          <Recording videoId={s.recordingVideoId} title={s.title} />
        ) : (
          <p className="live-session__note">Opptak er ikke lagt ut.</p>
        )}
      </div>
    </li>
  );
}

/**
 * 'Live-økter': the sessions of the courses the student owns (dashboard), or of one course (player).
 * The join link comes from the server only in its window; the list is fetched again every minute.
 * Shows nothing for a student with no sessions at all.
 */
export function LiveSessions({ userId, courseId, className }: { userId: number; courseId?: string; className?: string }) {
  const q = useLiveSessions(userId, courseId);
  const data = q.data;
  if (!data || (data.upcoming.length === 0 && data.past.length === 0)) return null;
  return (
    <section
      className={`live-sessions ${className ?? ''}`}
      aria-labelledby={`live-heading-${courseId ?? 'all'}`}
      data-testid="live-sessions"
    >
      <h2 id={`live-heading-${courseId ?? 'all'}`}>
        <Icon name="users" size={22} /> Live-økter
      </h2>
      {/* Trading carries risk: said beside the sessions and their recordings. */}
      <p className="live-session__note" data-testid="risk-notice">
        {RISK_NOTICE}
      </p>
      {data.upcoming.length > 0 ? (
        <>
          <h3 className="live-sessions__sub">Kommende</h3>
          <ul className="live-sessions__list">
            {data.upcoming.map((s) => (
              <Upcoming key={s.id} s={s} />
            ))}
          </ul>
        </>
      ) : (
        <p className="live-session__note">Ingen planlagte live-økter akkurat nå.</p>
      )}
      {data.past.length > 0 && (
        <details className="live-sessions__past">
          <summary>Tidligere økter og opptak ({data.past.length})</summary>
          <ul className="live-sessions__list">
            {data.past.map((s) => (
              <Past key={s.id} s={s} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
