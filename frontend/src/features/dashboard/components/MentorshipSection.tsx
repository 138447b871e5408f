import { CHART_REVIEW_COURSE_IDS } from '@academy/contracts';
import { ButtonAnchor, ButtonLink } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { paths } from '../../../config/paths';
import { useMentorship } from '../api/mentorship';
import { MailLink } from '../../../components/MailLink';

const dateFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });
const daysText = (n: number) => `${n} ${n === 1 ? 'dag' : 'dager'}`;

/**
 * 'Mentorperiode': days left of each period and how to book or reach the mentor, and the way to the
 * mentor inbox ("Mentor") while a period runs or a course includes chart review (nothing without either).
 */
export function MentorshipSection({ userId, courses }: { userId: number; courses: readonly string[] }) {
  const { data } = useMentorship(userId);
  const chartReview = courses.some((c) => (CHART_REVIEW_COURSE_IDS as readonly string[]).includes(c));
  if (!data || (data.periods.length === 0 && !chartReview)) return null;
  const inbox = chartReview || data.periods.some((p) => p.active);
  return (
    <section className="dashboard__panel" aria-labelledby="mentorship-heading" data-testid="mentorship">
      <h2 id="mentorship-heading">
        <Icon name="chat" size={22} /> Personlig mentoring
      </h2>
      {data.periods.length > 0 && (
        <ul className="dashboard__list">
          {data.periods.map((p) => (
            <li key={p.courseId}>
              <strong>{p.courseTitle}:</strong>{' '}
              {p.active ? (
                <>
                  {daysText(p.daysLeft)} igjen av mentorperioden (til og med {dateFmt.format(new Date(p.endsAt))}).
                </>
              ) : (
                <>Mentorperioden ble avsluttet {dateFmt.format(new Date(p.endsAt))}.</>
              )}
            </li>
          ))}
        </ul>
      )}
      {inbox && (
        <p>
          <ButtonLink to={paths.mentorInbox.href()} size="sm">
            Send chart til mentoren
          </ButtonLink>
        </p>
      )}
      {data.periods.some((p) => p.active) &&
        (data.bookingUrl ? (
          <ButtonAnchor href={data.bookingUrl} target="_blank" rel="noopener noreferrer" variant="secondary" size="sm">
            Book en samtale med mentoren
          </ButtonAnchor>
        ) : (
          <p>
            Skriv til <MailLink address={data.contactEmail} /> for å avtale en samtale med mentoren.
          </p>
        ))}
    </section>
  );
}
