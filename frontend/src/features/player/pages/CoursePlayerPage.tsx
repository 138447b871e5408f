import { isCatalogId, isPlayerCourseId, type MeResponse, type PlayerCourseId } from '@academy/contracts';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button';
import { FeatureList } from '../../../components/FeatureList';
import { Icon } from '../../../components/Icon';
import { LessonSearch } from '../../../components/LessonSearch';
import { LiveSessions } from '../../../components/LiveSessions';
import { MemberEmpty, MemberLoading, MemberPage } from '../../../components/MemberShell';
import { Notice } from '../../../components/Notice';
import { RequireAuth } from '../../../components/RequireAuth';
import { paths, type StarterArrival } from '../../../config/paths';
import { canOpenCourse } from '../../../lib/access';
import { ApiError } from '../../../lib/api';
import { useCatalog } from '../../../lib/app-state';
import { cx } from '../../../lib/class-names';
import { Seo } from '../../../lib/head';
import { loginHrefFor } from '../../../lib/next';
import { useSession } from '../../../lib/session';
import { useCourse } from '../api/course';
import { CourseNoAccess, CourseNotFound, MembershipCourses } from '../components/CourseAccess';
import { ModuleMedia } from '../components/captions/ModuleMedia';
import { Transcript } from '../components/captions/Transcript';
import { useLessonLink } from '../hooks/use-lesson-link';
import { percentOf, usePlayerProgress } from '../hooks/use-player-progress';
import './CoursePlayerPage.css';

/** The questions under a module load after the player (their forms and mutations are not in the page's first load). */
const ModuleQuiz = lazy(() => import('../components/ModuleQuiz').then((m) => ({ default: m.ModuleQuiz })));
const QuizCertificateNote = lazy(() => import('../components/ModuleQuiz').then((m) => ({ default: m.QuizCertificateNote })));
const LessonQuestions = lazy(() => import('../components/LessonQuestions').then((m) => ({ default: m.LessonQuestions })));

const LOADING_TEXT = 'Laster kurs...';

const releaseFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });
/** A drip-released module's opening date, `12. mars 2027` (Oslo). */
const releaseDate = (iso: string | null) => (iso ? releaseFmt.format(new Date(iso)) : '');

function PlayerHeader({ email, me }: { email: string | null; me: MeResponse | null }) {
  return (
    <>
      {email && (
        <span className="member-header__email" data-testid="player-email">
          {email}
        </span>
      )}
      {me ? (
        <ButtonLink to={paths.dashboard.href()} size="sm" variant="secondary">
          Dashboard
        </ButtonLink>
      ) : (
        <ButtonLink to={paths.login.href({ next: paths.coursePlayer.href('starter') })} size="sm" variant="secondary">
          Logg inn
        </ButtonLink>
      )}
    </>
  );
}

function Player({
  courseId,
  me,
  email,
  notice,
}: {
  courseId: PlayerCourseId;
  me: MeResponse | null;
  email: string | null;
  /** Shown above the player (e.g. that the sign-in link was mailed). */
  notice?: string | null;
}) {
  const location = useLocation();
  const courseQ = useCourse(courseId, me?.id ?? null);
  const course = courseQ.data;
  const { completed, current, goTo, complete } = usePlayerProgress(courseId, course, me);
  const { seek, seekTo, opened } = useLessonLink(course, goTo);
  const contentRef = useRef<HTMLHeadingElement>(null);
  // A search hit (or a shared lesson link) opened a lesson: on a phone the search sits below it, so
  // the lesson is brought into view (its video and heading) and its heading takes the focus.
  useEffect(() => {
    if (!opened) return;
    const heading = contentRef.current;
    if (!heading) return;
    heading.closest('.player__content')?.scrollIntoView({ block: 'start', behavior: 'auto' });
    heading.focus({ preventScroll: true });
  }, [opened]);
  const isStarter = courseId === 'starter';
  const catalog = useCatalog();
  // Opened by a larger product's grant (Accelerator includes Foundation): say so.
  const includedIn = me?.includedBy?.[courseId];
  const includedTitle = includedIn ? (catalog.items.find((i) => i.id === includedIn)?.title ?? includedIn) : null;

  const percent = useMemo(() => (course ? percentOf(completed, course) : 0), [completed, course]);

  useEffect(() => {
    if (courseQ.error) console.error('Kunne ikke laste kurset', courseQ.error);
  }, [courseQ.error]);

  if (courseQ.isPending) return <MemberLoading text={LOADING_TEXT} />;
  if (courseQ.error || !course) {
    const err = courseQ.error;
    if (err instanceof ApiError && err.status === 404) return <CourseNotFound />;
    if (err instanceof ApiError && err.status === 403) return <CourseNoAccess courseId={courseId} />;
    if (err instanceof ApiError && err.status === 401) return <Navigate to={loginHrefFor(location)} replace />;
    return (
      <MemberPage header={<PlayerHeader email={email} me={me} />}>
        <MemberEmpty icon="alert" title="Kunne ikke laste kurset">
          <p>{err instanceof ApiError ? err.message : 'Noe gikk galt. Prøv igjen.'}</p>
          <Button onClick={() => void courseQ.refetch()}>Prøv igjen</Button>
        </MemberEmpty>
      </MemberPage>
    );
  }

  const modules = course.modules;
  const n = modules.length;
  const mod = modules[current];
  const doneCount = modules.filter((m) => completed.has(m.id)).length;
  const allDone = n > 0 && doneCount === n;
  const next = current < n - 1 ? modules[current + 1] : null;
  const isDone = mod ? completed.has(mod.id) : false;

  const select = (i: number) => {
    goTo(i);
    contentRef.current?.focus({ preventScroll: true });
    contentRef.current?.scrollIntoView({ block: 'start', behavior: 'auto' });
  };

  return (
    <MemberPage header={<PlayerHeader email={email} me={me} />} className="player-page">
      <Seo title={course.title} noindex />
      {notice && (
        <div className="container player__notice">
          <Notice icon="mail" iconSize={18} role="status" data-testid="player-notice">
            <span>{notice}</span>
          </Notice>
        </div>
      )}
      <div className="container player">
        <aside className="player__sidebar" aria-label="Moduler">
          <p className="eyebrow" data-testid="player-eyebrow">
            {isStarter ? 'Gratis kurs' : includedTitle ? `Inkludert i ${includedTitle}` : 'Ditt kurs'}
          </p>
          <h2 className="player__course-title">{course.title}</h2>
          <div className="player__progress">
            <div className="player__progress-text">
              <span>
                {doneCount} av {n} moduler fullført
              </span>
              <strong data-testid="progress-percent">{percent}%</strong>
            </div>
            <div
              className="progress-bar"
              role="progressbar"
              aria-label="Fremdrift i kurset"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span className="progress-bar__fill" style={{ width: `${percent}%` }} />
            </div>
            {!me && <p className="player__progress-note">Fremgangen lagres i denne nettleseren til du logger inn.</p>}
          </div>
          <ol className="player-modules">
            {modules.map((m, i) => {
              const done = completed.has(m.id);
              return (
                <li key={m.id}>
                  <button
                    type="button"
                    className={cx(
                      'player-modules__item',
                      i === current && 'player-modules__item--current',
                      done && 'player-modules__item--done',
                    )}
                    aria-current={i === current ? 'step' : undefined}
                    onClick={() => select(i)}
                  >
                    <span className="player-modules__status" aria-hidden="true">
                      {done ? <Icon name="check" size={16} /> : m.locked ? <Icon name="lock" size={14} /> : i + 1}
                    </span>
                    <span className="player-modules__text">
                      <span className="player-modules__title">{m.title}</span>
                      <span className="player-modules__meta">
                        {m.durationMinutes} min{done ? ' · Fullført' : ''}
                        {m.locked ? ` · Åpnes ${releaseDate(m.releaseAt)}` : ''}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          <LessonSearch />
        </aside>

        <section className="player__content" aria-live="polite">
          {!mod ? (
            <div className="member-empty">
              <h1>{course.title}</h1>
              <p>Ingen moduler er publisert ennå. Kom tilbake snart.</p>
            </div>
          ) : mod.locked ? (
            <div className="player__module player__module--locked" data-testid="module-locked">
              <p className="player__module-meta">
                Modul {current + 1} av {n} · {mod.durationMinutes} min
              </p>
              <h1 ref={contentRef} tabIndex={-1} className="player__module-title">
                {mod.title}
              </h1>
              <Notice as="div" icon="lock" role="status">
                <span>
                  Denne modulen åpnes <strong>{releaseDate(mod.releaseAt)}</strong>. Fortsett med modulene som er åpne så lenge.
                </span>
              </Notice>
              <ModuleNav current={current} count={n} select={select} />
            </div>
          ) : (
            <>
              <ModuleMedia
                key={mod.id}
                module={mod}
                overlayText={course.overlayText}
                seek={seek?.moduleId === mod.id ? seek : null}
                onWatched={() => complete(mod.id)}
                onTokensStale={() => void courseQ.refetch()}
              />
              <div className="player__module">
                <p className="player__module-meta">
                  Modul {current + 1} av {n} · {mod.durationMinutes} min
                </p>
                <h1 ref={contentRef} tabIndex={-1} className="player__module-title">
                  {mod.title}
                </h1>
                <p className="player__module-desc">{mod.description}</p>
                {mod.topics.length > 0 && (
                  <div className="player__topics">
                    <h2>Du lærer</h2>
                    <FeatureList items={mod.topics} />
                  </div>
                )}
                {mod.hasTranscript && mod.captionsUrl && (
                  <Transcript
                    key={mod.id}
                    url={mod.captionsUrl}
                    linkFor={(t) => paths.coursePlayer.href(courseId, { modul: mod.id, t })}
                    onSeek={(t) => {
                      seekTo(mod.id, t);
                      document.querySelector('.player__content .video')?.scrollIntoView({ block: 'start' });
                    }}
                  />
                )}
                <div className="player__actions">
                  <Button onClick={() => complete(mod.id)} disabled={isDone} variant={isDone ? 'secondary' : 'primary'}>
                    {isDone ? (
                      <>
                        <Icon name="check" size={18} /> Fullført
                      </>
                    ) : (
                      'Marker som fullført'
                    )}
                  </Button>
                </div>
                <ModuleNav current={current} count={n} select={select} />
                {me && (
                  <Suspense fallback={null}>
                    <ModuleQuiz key={`quiz-${mod.id}`} courseId={courseId} moduleId={mod.id} />
                  </Suspense>
                )}
                {me && (
                  <Suspense fallback={null}>
                    <LessonQuestions key={mod.id} courseId={courseId} moduleId={mod.id} />
                  </Suspense>
                )}
              </div>

              {allDone ? (
                isStarter ? (
                  <div className="player-card player-card--done" role="status">
                    <Icon name="check" size={32} />
                    <h2>Grunnlaget er lagt</h2>
                    <p>Du har fullført Starter. Neste steg er Foundation: hele rammeverket for å handle med en plan.</p>
                    <ButtonLink to={paths.courseSales.href('foundation')} size="lg">
                      Oppgrader til Foundation
                    </ButtonLink>
                  </div>
                ) : (
                  <div className="player-card player-card--done" role="status">
                    <Icon name="check" size={32} />
                    <h2>Kurs fullført!</h2>
                    <p>Godt jobbet. Du har fullført alle modulene i {course.title}.</p>
                    <Suspense fallback={null}>
                      <QuizCertificateNote courseId={courseId} />
                    </Suspense>
                    <ButtonLink to={paths.dashboard.href()} size="lg" variant="secondary">
                      <Icon name="arrowLeft" size={18} /> Tilbake til dashboard
                    </ButtonLink>
                  </div>
                )
              ) : next ? (
                <div className="player-card player-card--next">
                  <p className="eyebrow">Neste modul</p>
                  <h2>{next.title}</h2>
                  <p>
                    {next.durationMinutes} min · {next.locked ? `Åpnes ${releaseDate(next.releaseAt)}` : next.description}
                  </p>
                  <Button variant="secondary" onClick={() => select(current + 1)}>
                    Gå til neste modul <Icon name="arrowRight" size={18} />
                  </Button>
                </div>
              ) : null}

              {isStarter && !allDone && (
                <div className="player-card player-card--upsell">
                  <p className="eyebrow">Klar for mer?</p>
                  <h2>Foundation</h2>
                  <p>Wyckoff-metoden, likviditet, risikostyring og tradingpsykologi – hele fundamentet, med livstidstilgang.</p>
                  <ButtonLink to={paths.courseSales.href('foundation')}>
                    Se Foundation <Icon name="arrowRight" size={18} />
                  </ButtonLink>
                </div>
              )}
            </>
          )}
        </section>
      </div>
      {me && !isStarter && (
        <div className="container">
          <LiveSessions userId={me.id} courseId={courseId} />
        </div>
      )}
    </MemberPage>
  );
}

export const SIGN_IN_LINK_SENT =
  'Vi har sendt deg en innloggingslenke på e-post. Du kan begynne med en gang – fremgangen lagres i nettleseren til du logger inn.';

/** The free Starter: open to everyone; progress saved for signed-in users, in this browser for others. */
function StarterPlayer() {
  const { me, loading } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const arrival = location.state as Partial<StarterArrival> | null;
  const email = params.get('email')?.trim() || me?.email || null;
  if (loading) return <MemberLoading text={LOADING_TEXT} />;
  const notice = me ? null : arrival?.signInLinkSent ? SIGN_IN_LINK_SENT : null;
  return <Player key={me?.id ?? 'anon'} courseId="starter" me={me} email={email} notice={notice} />;
}

/** 'Forrige' and 'Neste' between the course's modules. */
function ModuleNav({ current, count, select }: { current: number; count: number; select: (index: number) => void }) {
  return (
    <nav className="player__nav" aria-label="Bla mellom moduler">
      <Button variant="secondary" onClick={() => select(current - 1)} disabled={current === 0}>
        <Icon name="arrowLeft" size={18} /> Forrige
      </Button>
      <Button variant="secondary" onClick={() => select(current + 1)} disabled={current >= count - 1}>
        Neste <Icon name="arrowRight" size={18} />
      </Button>
    </nav>
  );
}

/**
 * `/course/:courseId`: the course player (starter is public; other courses need ownership). Never a
 * silent trip to the dashboard: an unknown address says "Fant ikke kurset", a course the account does not
 * have says so with the way to buy it, and a membership (VIP) lists the courses it includes.
 */
export default function CoursePlayerPage() {
  const { courseId } = useParams();
  if (courseId === 'starter') return <StarterPlayer />;
  if (!isCatalogId(courseId)) return <CourseNotFound />;
  return (
    <RequireAuth loadingText={LOADING_TEXT}>
      {(me) =>
        !isPlayerCourseId(courseId) ? (
          <MembershipCourses productId={courseId} me={me} />
        ) : canOpenCourse(me, courseId) ? (
          <Player key={`${courseId}:${me.id}`} courseId={courseId} me={me} email={me.email} />
        ) : (
          <CourseNoAccess courseId={courseId} />
        )
      }
    </RequireAuth>
  );
}
