import { shownStudentCount } from '@academy/contracts';
import { Icon } from '../../../components/Icon';
import { useCatalog } from '../../../lib/app-state';
import { pluralize } from '../../../lib/format';
import { launchOfferText } from '../../../lib/launch';
import './TrustBadges.css';

/** Student count (the real number from the catalogue), 30-day guarantee, lifetime access. */
export function StudentBadge({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const catalog = useCatalog();
  // Below the mentor's threshold the number says nothing good: the badge then offers the launch price, or is left out.
  const studentCount = shownStudentCount(catalog);
  const launch = launchOfferText(catalog);
  if (studentCount === null && !launch && catalog.studentCount > 0) return null;
  return (
    <p className={`student-badge student-badge--${tone}`}>
      <Icon name="users" size={18} />
      {studentCount !== null ? (
        <span>
          <strong>{pluralize(studentCount, 'elev', 'elever')}</strong> har allerede startet
        </span>
      ) : (
        <span>Bli en av de første elevene{launch ? ` – ${launch.charAt(0).toLowerCase()}${launch.slice(1)}` : ''}</span>
      )}
    </p>
  );
}

export function TrustBadges({ tone = 'light' }: { tone?: 'dark' | 'light' }) {
  const catalog = useCatalog();
  const studentCount = shownStudentCount(catalog);
  const launch = launchOfferText(catalog);
  return (
    <ul className={`trust-badges trust-badges--${tone}`}>
      <li>
        <Icon name="shield" />
        <span>
          <strong>30 dagers</strong> pengene-tilbake-garanti
        </span>
      </li>
      <li>
        <Icon name="infinity" />
        <span>
          <strong>Livstidstilgang</strong> til kursene du kjøper
        </span>
      </li>
      {(studentCount !== null || launch || catalog.studentCount === 0) && (
        <li>
          <Icon name="users" />
          {studentCount !== null ? (
            <span>
              <strong>{pluralize(studentCount, 'elev', 'elever')}</strong> er allerede med
            </span>
          ) : launch ? (
            <span>
              <strong>Lanseringspris</strong> for de første {catalog.launchSeats} elevene
            </span>
          ) : (
            <span>
              Bli en av <strong>de første elevene</strong>
            </span>
          )}
        </li>
      )}
    </ul>
  );
}
