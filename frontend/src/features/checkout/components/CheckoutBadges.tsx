import { membershipMonths, shownStudentCount } from '@academy/contracts';
import { Icon, type IconName } from '../../../components/Icon';
import { useCatalog } from '../../../lib/app-state';
import { pluralize } from '../../../lib/format';
import { CHECKOUT_COPY as T } from '../content';
import './CheckoutBadges.css';

/**
 * Guarantee, the access (for life, or a membership's months: VIP) and the real number of students
 * (or, while there are none, the launch offer as long as launch seats are left).
 */
export function CheckoutBadges({
  courseId,
  studentCount,
  launchSeats,
}: {
  courseId?: string;
  studentCount: number;
  launchSeats: number | null;
}) {
  const months = courseId ? membershipMonths(courseId) : null;
  // The mentor's threshold: below it the number is left out (the launch offer, if any, shows instead).
  const shown = shownStudentCount({ studentCount, studentCountThreshold: useCatalog().studentCountThreshold });
  const students =
    shown !== null
      ? pluralize(shown, 'elev', 'elever')
      : launchSeats !== null
        ? T.badgeStudentsLaunch(launchSeats)
        : studentCount === 0
          ? T.badgeStudentsNone
          : null;
  const badges: { icon: IconName; text: string }[] = [
    { icon: 'shield', text: T.badgeGuarantee },
    months !== null ? { icon: 'clock', text: `${months} måneders tilgang` } : { icon: 'infinity', text: T.badgeLifetime },
    ...(students !== null ? [{ icon: 'users' as const, text: students }] : []),
  ];
  return (
    <ul className="checkout-badges" aria-label="Trygt kjøp">
      {badges.map((b) => (
        <li key={b.icon} className="checkout-badges__item">
          <Icon name={b.icon} size={18} />
          <span>{b.text}</span>
        </li>
      ))}
    </ul>
  );
}
