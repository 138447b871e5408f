import {
  PAID_COURSE_IDS,
  PLAYER_COURSE_IDS,
  coursesIncluding,
  type CatalogItem,
  type MeResponse,
  type PaidCourseId,
  type ProgressResponse,
} from '@academy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, ButtonAnchor, ButtonLink } from '../../../components/Button';
import { Icon, type IconName } from '../../../components/Icon';
import { LessonSearch } from '../../../components/LessonSearch';
import { LiveSessions } from '../../../components/LiveSessions';
import { Badge } from '../../../components/Layout';
import { MemberPage } from '../../../components/MemberShell';
import { MembershipSection } from '../../../components/MembershipSection';
import { Notice } from '../../../components/Notice';
import { RequireAuth } from '../../../components/RequireAuth';
import { paths } from '../../../config/paths';
import { canOpenCourse } from '../../../lib/access';
import { useCatalog } from '../../../lib/app-state';
import { Seo } from '../../../lib/head';
import { logout, setSession, useSession } from '../../../lib/session';
import { useCoursesProgress } from '../api/progress';
import { useOpenQuizzes } from '../api/quizzes';
import { CertificatesSection } from '../components/CertificatesSection';
import { MentorshipSection } from '../components/MentorshipSection';
import './DashboardPage.css';

const ICONS: Record<string, IconName> = { starter: 'spark', foundation: 'book', accelerator: 'target', kryptovaluta: 'coin' };

/**
 * "2 av 8 fullført", "Fullført" when every module is done and no quiz is open ("Alle moduler fullført ·
 * 1 quiz gjenstår" while one is: the certificate waits for it); the module count while progress is unknown.
 */
function ProgressMeta({
  courseId,
  total,
  progress,
}: {
  courseId: string;
  total: number;
  progress: ProgressResponse | undefined;
}) {
  const done = progress ? Math.min(progress.completedModules.length, total) : 0;
  const allDone = !!progress && total > 0 && done >= total;
  const openQuizzes = useOpenQuizzes(courseId, allDone);
  if (!progress || total === 0) {
    return (
      <p className="course-card__meta">
        <Icon name="play" size={16} /> {total} {total === 1 ? 'modul' : 'moduler'}
      </p>
    );
  }
  if (allDone && openQuizzes) {
    return (
      <p className="course-card__meta" data-testid="course-quiz-open">
        <Icon name="check" size={16} /> Alle moduler fullført ·{' '}
        {openQuizzes === 1 ? '1 quiz gjenstår' : `${openQuizzes} quizer gjenstår`} for kursbeviset
      </p>
    );
  }
  if (allDone) {
    return (
      <p className="course-card__meta course-card__meta--done">
        <Icon name="check" size={16} /> Fullført
      </p>
    );
  }
  return (
    <div className="course-card__progress">
      <p className="course-card__meta">
        <Icon name="play" size={16} /> {done} av {total} fullført
      </p>
      <span className="course-card__bar" aria-hidden="true">
        <span style={{ width: `${Math.round((done / total) * 100)}%` }} />
      </span>
    </div>
  );
}

/** How a course that is not for sale is had: included in a larger product (and where that is sold), or from the mentor. */
function HowToGet({ item, catalog }: { item: CatalogItem; catalog: CatalogItem[] }) {
  const by = coursesIncluding(item.id)
    .map((id) => catalog.find((c) => c.id === id))
    .filter((c): c is CatalogItem => !!c);
  const names = by.map((c) => c.title).join(' eller ');
  const crypto = by.some((c) => c.kind === 'series');
  return (
    <div className="course-card__how">
      <p>{names ? `Følger med ${names}, eller kan gis av mentoren.` : 'Mentoren kan gi deg tilgang til dette kurset.'}</p>
      {crypto && (
        <ButtonLink to={paths.crypto.href()} size="sm" variant="secondary">
          Les om {names}
        </ButtonLink>
      )}
    </div>
  );
}

function CourseCard({
  item,
  me,
  catalog,
  progress,
}: {
  item: CatalogItem;
  me: MeResponse;
  catalog: CatalogItem[];
  progress: ProgressResponse | undefined;
}) {
  const owned = canOpenCourse(me, item.id as PaidCourseId);
  const includedIn = me.includedBy?.[item.id as PaidCourseId];
  const includedTitle = includedIn ? (catalog.find((c) => c.id === includedIn)?.title ?? includedIn) : null;
  const body = (
    <>
      <span className={`course-card__icon course-card__icon--${item.color}`}>
        <Icon name={ICONS[item.id] ?? 'book'} size={26} />
      </span>
      <div className="course-card__body">
        <h3 className="course-card__title">
          {item.title} {owned && includedTitle && <Badge tone="accent">Inkludert i {includedTitle}</Badge>}
        </h3>
        <p className="course-card__desc">{item.description}</p>
        {owned ? (
          <ProgressMeta courseId={item.id} total={item.moduleCount} progress={progress} />
        ) : (
          <p className="course-card__meta course-card__meta--locked">
            <Icon name="lock" size={16} /> Ingen tilgang
          </p>
        )}
      </div>
    </>
  );
  if (owned) {
    return (
      <li>
        <Link to={paths.coursePlayer.href(item.id)} className="course-card course-card--owned" data-course={item.id}>
          {body}
          <Icon name="arrowRight" size={22} className="icon course-card__go" />
        </Link>
      </li>
    );
  }
  return (
    <li>
      <div className="course-card course-card--locked" data-course={item.id}>
        {body}
        {item.soldByCheckout ? (
          <ButtonLink
            to={
              item.id === 'foundation' || item.id === 'accelerator'
                ? paths.courseSales.href(item.id)
                : paths.checkout.href({ course: item.id })
            }
            size="sm"
            variant="secondary"
            className="course-card__buy"
          >
            Kjøp tilgang
          </ButtonLink>
        ) : (
          <HowToGet item={item} catalog={catalog} />
        )}
      </div>
    </li>
  );
}

function Dashboard({ me }: { me: MeResponse }) {
  const catalog = useCatalog();
  const { refresh } = useSession();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const starter = catalog.items.find((i) => i.id === 'starter');
  const paid = PAID_COURSE_IDS.map((id) => catalog.items.find((i) => i.id === id)).filter((i): i is CatalogItem => !!i);
  const openable = PLAYER_COURSE_IDS.filter((id) => canOpenCourse(me, id));
  const progress = useCoursesProgress(me.id, openable);

  // Courses may have changed since the session was fetched (a purchase, a grant from the mentor).
  useEffect(() => {
    refresh().catch((e) => console.error('Kunne ikke oppdatere profilen', e));
  }, [refresh]);

  // The session is cleared once this page is gone: cleared while it still shows (the home page loads in a
  // transition), the member area's guard would send the visitor to the login page instead of home.
  const signedOut = useRef(false);
  useEffect(
    () => () => {
      if (signedOut.current) setSession(qc, null);
    },
    [qc],
  );

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
    } catch (e) {
      console.error('Utlogging feilet', e);
    }
    signedOut.current = true;
    void navigate(paths.home.href(), { replace: true });
  };

  return (
    <MemberPage
      header={
        <>
          <span className="member-header__email">{me.email}</span>
          <Button size="sm" variant="secondary" onClick={onLogout} disabled={leaving} busy={leaving}>
            Logg ut
          </Button>
        </>
      }
    >
      <Seo title="Mine kurs" noindex />
      <div className="container dashboard">
        <header className="dashboard__head">
          <p className="eyebrow">Velkommen tilbake</p>
          <h1>Mine kurs</h1>
          <p className="dashboard__email">{me.email}</p>
        </header>

        {!me.passwordSet && (
          <Notice as="div" icon="lock" role="note">
            <div>
              <strong>Du har ikke satt et passord ennå.</strong>{' '}
              {me.claimed ? (
                <>
                  <span>Sett et passord, så kan du logge inn igjen senere med e-post og passord. </span>
                  <Link to={paths.accountSettings.href()}>Sett passord nå</Link>
                </>
              ) : (
                <>
                  <span>Bruk lenken vi sendte på e-post for å bekrefte adressen, så kan du sette passord. </span>
                  <Link to={paths.accountSettings.href()}>Les mer</Link>
                </>
              )}
            </div>
          </Notice>
        )}

        <ul className="course-grid">
          {starter && (
            <li>
              <Link
                to={paths.coursePlayer.href('starter')}
                className="course-card course-card--owned course-card--free"
                data-course="starter"
              >
                <span className="course-card__icon course-card__icon--green">
                  <Icon name="spark" size={26} />
                </span>
                <div className="course-card__body">
                  <h3 className="course-card__title">
                    {starter.title} <Badge tone="success">Gratis tilgang</Badge>
                  </h3>
                  <p className="course-card__desc">{starter.description}</p>
                  <ProgressMeta courseId="starter" total={starter.moduleCount} progress={progress.get('starter')} />
                </div>
                <Icon name="arrowRight" size={22} className="icon course-card__go" />
              </Link>
            </li>
          )}
          {paid.map((item) => (
            <CourseCard
              key={item.id}
              item={item}
              me={me}
              catalog={catalog.items}
              progress={progress.get(item.id as PaidCourseId)}
            />
          ))}
        </ul>

        <LessonSearch />

        <MembershipSection userId={me.id} className="dashboard__panel" />
        <LiveSessions userId={me.id} />
        <MentorshipSection userId={me.id} courses={me.courses} />
        <CertificatesSection userId={me.id} />

        <section className="dashboard__account" aria-labelledby="account-heading">
          <div>
            <h2 id="account-heading">Konto</h2>
            <p>Passord, dine data og sletting av kontoen.</p>
          </div>
          <div className="dashboard__account-actions">
            <ButtonLink to={paths.accountSettings.href()} variant="secondary">
              Administrer konto
            </ButtonLink>
            {me.role === 'admin' && (
              <ButtonAnchor variant="secondary" href={paths.admin.href()}>
                Adminpanel
              </ButtonAnchor>
            )}
          </div>
        </section>
      </div>
    </MemberPage>
  );
}

/** `/dashboard` 'Mine kurs': the courses the student owns, locked cards for the rest, the account. */
export default function DashboardPage() {
  return <RequireAuth>{(me) => <Dashboard me={me} />}</RequireAuth>;
}
