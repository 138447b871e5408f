import {
  coursesIncluding,
  includedCourses,
  isCheckoutCourseId,
  isPlayerCourseId,
  type CatalogId,
  type CatalogItem,
  type MeResponse,
} from '@academy/contracts';
import { ButtonLink } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { MemberEmpty, MemberPage } from '../../../components/MemberShell';
import { paths } from '../../../config/paths';
import { useCatalog } from '../../../lib/app-state';
import { formatPriceKr } from '../../../lib/format';
import { Seo } from '../../../lib/head';
import './CourseAccess.css';

function BackToMyCourses() {
  return (
    <ButtonLink to={paths.dashboard.href()} variant="secondary">
      <Icon name="arrowLeft" size={18} />
      Til Mine kurs
    </ButtonLink>
  );
}

/** A course address that names no course (`/course/xyz`), or one the API no longer has. */
export function CourseNotFound() {
  return (
    <MemberPage>
      <Seo title="Fant ikke kurset" noindex />
      <div data-testid="course-not-found">
        <MemberEmpty icon="alert" title="Fant ikke kurset">
          <p>Adressen peker ikke på noe kurs hos oss. Kanskje lenken er skrevet feil, eller kurset finnes ikke lenger.</p>
          <div className="course-access__actions">
            <BackToMyCourses />
            <ButtonLink to={`${paths.home.href()}#program`} variant="secondary">
              Se alle kursene
            </ButtonLink>
          </div>
        </MemberEmpty>
      </div>
    </MemberPage>
  );
}

/** The ways to get a course: buy it, or a product that includes it, and its sales page. */
function waysToBuy(id: CatalogId, items: CatalogItem[]): Array<{ to: string; label: string; primary: boolean }> {
  const byId = (c: string) => items.find((i) => i.id === c);
  const out: Array<{ to: string; label: string; primary: boolean }> = [];
  const item = byId(id);
  if (item?.soldByCheckout && isCheckoutCourseId(id))
    out.push({
      to: paths.checkout.href({ course: id }),
      label: `Kjøp ${item.title} – ${formatPriceKr(item.priceOre)}`,
      primary: true,
    });
  for (const parent of coursesIncluding(id)) {
    const p = byId(parent);
    if (p?.soldByCheckout && isCheckoutCourseId(parent))
      out.push({
        to: paths.checkout.href({ course: parent }),
        label: `Få det med ${p.title} – ${formatPriceKr(p.priceOre)}`,
        primary: out.length === 0,
      });
  }
  if (id === 'foundation' || id === 'accelerator')
    out.push({ to: paths.courseSales.href(id), label: `Les mer om ${item?.title ?? id}`, primary: false });
  if (id === 'kryptovaluta') out.push({ to: paths.crypto.href(), label: 'Les mer om kryptokurset', primary: false });
  return out;
}

/**
 * A course the account does not have: says so, with the way to buy it (or the product that includes it),
 * instead of sending the buyer to the dashboard without a word.
 */
export function CourseNoAccess({ courseId }: { courseId: CatalogId }) {
  const catalog = useCatalog();
  const item = catalog.items.find((i) => i.id === courseId);
  const title = item?.title ?? courseId;
  const ways = waysToBuy(courseId, catalog.items);
  return (
    <MemberPage>
      <Seo title={`Du har ikke tilgang til ${title}`} noindex />
      <div data-testid="course-no-access">
        <MemberEmpty icon="lock" title={`Du har ikke tilgang til ${title}`}>
          <p>
            {title} er ikke på kontoen din ennå.
            {ways.length > 0 ? ' Slik får du tilgang:' : ' Ta kontakt med oss hvis du mener du skal ha tilgang.'}
          </p>
          <div className="course-access__actions">
            {ways.map((w) => (
              <ButtonLink key={w.to} to={w.to} variant={w.primary ? 'primary' : 'secondary'}>
                {w.label}
              </ButtonLink>
            ))}
            <BackToMyCourses />
          </div>
        </MemberEmpty>
      </div>
    </MemberPage>
  );
}

/** `/course/vip` (a membership, not a course with a player): the courses it includes, each with its player. */
export function MembershipCourses({ productId, me }: { productId: CatalogId; me: MeResponse }) {
  const catalog = useCatalog();
  const title = catalog.items.find((i) => i.id === productId)?.title ?? productId;
  const courses = includedCourses(productId).filter(isPlayerCourseId);
  const owned = courses.filter((c) => me.courses.includes(c));
  if (owned.length === 0 && me.role !== 'admin') return <CourseNoAccess courseId={productId} />;
  return (
    <MemberPage>
      <Seo title={`${title}-kursene`} noindex />
      <div data-testid="membership-courses">
        <MemberEmpty icon="spark" title={`Kursene i ${title}`}>
          <p>{title} er et medlemskap. Dette er kursene som følger med – velg hvor du vil begynne:</p>
          <div className="course-access__actions">
            {courses.map((c) => (
              <ButtonLink key={c} to={paths.coursePlayer.href(c)}>
                Start {catalog.items.find((i) => i.id === c)?.title ?? c}
              </ButtonLink>
            ))}
            <BackToMyCourses />
          </div>
        </MemberEmpty>
      </div>
    </MemberPage>
  );
}
