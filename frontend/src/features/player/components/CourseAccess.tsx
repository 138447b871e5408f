import {
  coursesIncluding,
  includedCourses,
  isCheckoutCourseId,
  isPlayerCourseId,
  type CatalogId,
  type CatalogItem,
  type CheckoutCourseId,
  type CheckoutQuoteResponse,
  type MeResponse,
} from '@academy/contracts';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { MemberEmpty, MemberPage } from '../../../components/MemberShell';
import { paths } from '../../../config/paths';
import { useCatalog } from '../../../lib/app-state';
import { formatPriceKr } from '../../../lib/format';
import { Seo } from '../../../lib/head';
import { apiGet } from '../../../lib/api';
import { useSession } from '../../../lib/session';
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

interface WayToBuy {
  to: string;
  label: string;
  primary: boolean;
  /** A checkout: its label ends with what this student would pay (`${label} – 3 500 kr`). */
  buy?: { courseId: CheckoutCourseId; catalogOre: number };
}

/** The ways to get a course: buy it, or a product that includes it, and its sales page. */
function waysToBuy(id: CatalogId, items: CatalogItem[]): WayToBuy[] {
  const byId = (c: string) => items.find((i) => i.id === c);
  const out: WayToBuy[] = [];
  const item = byId(id);
  if (item?.soldByCheckout && isCheckoutCourseId(id))
    out.push({
      to: paths.checkout.href({ course: id }),
      label: `Kjøp ${item.title}`,
      primary: true,
      buy: { courseId: id, catalogOre: item.priceOre },
    });
  for (const parent of coursesIncluding(id)) {
    const p = byId(parent);
    if (p?.soldByCheckout && isCheckoutCourseId(parent))
      out.push({
        to: paths.checkout.href({ course: parent }),
        label: `Få det med ${p.title}`,
        primary: out.length === 0,
        buy: { courseId: parent, catalogOre: p.priceOre },
      });
  }
  if (id === 'foundation' || id === 'accelerator')
    out.push({ to: paths.courseSales.href(id), label: `Les mer om ${item?.title ?? id}`, primary: false });
  if (id === 'kryptovaluta') out.push({ to: paths.crypto.href(), label: 'Les mer om kryptokurset', primary: false });
  return out;
}

/**
 * A way to buy, priced as the checkout will charge this student (an upgrade's credit taken off, priced
 * by the server), or at the catalogue's price for a visitor and while the quote loads.
 */
function WayToBuyLink({ way }: { way: WayToBuy }) {
  const { me } = useSession();
  const courseId = way.buy?.courseId ?? null;
  // GET /api/checkout/quote, as the order form asks it (nothing kept: a credit may change meanwhile).
  const { data: quote } = useQuery({
    queryKey: ['checkout', 'quote', me?.email ?? null, courseId, null],
    queryFn: ({ signal }) =>
      apiGet<CheckoutQuoteResponse>(`/api/checkout/quote?courseId=${encodeURIComponent(courseId ?? '')}`, signal),
    enabled: !!me && courseId !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const ore = quote && quote.courseId === courseId ? quote.amountOre : (way.buy?.catalogOre ?? 0);
  const label = way.buy ? `${way.label} – ${formatPriceKr(ore)}` : way.label;
  return (
    <ButtonLink to={way.to} variant={way.primary ? 'primary' : 'secondary'}>
      {label}
    </ButtonLink>
  );
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
              <WayToBuyLink key={w.to} way={w} />
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
