import type { CatalogItem } from '@academy/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { FeatureList } from '../../../components/FeatureList';
import { Section, SectionHeader } from '../../../components/Layout';
import { PageHero } from '../../../components/PageHero';
import { BeforePrice, PriceTag } from '../../../components/Price';
import { TabList, TabPanel, useTabsId } from '../../../components/Tabs';
import { paths } from '../../../config/paths';
import { useCatalog, useCatalogItem, usePriceVat } from '../../../lib/app-state';
import { formatPriceKr } from '../../../lib/format';
import { inLaunch } from '../../../lib/launch';
import { Seo } from '../../../lib/head';
import { scrollToId, useQueryParamAfterMount, useScrolledPast } from '../../../lib/hooks';
import { cx } from '../../../lib/class-names';
import { CtaSection } from '../components/CtaSection';
import { LeadForm } from '../components/LeadForm';
import { OfferCard } from '../components/OfferCard';
import { StudentBadge, TrustBadges } from '../components/TrustBadges';
import NotFoundPage from './NotFoundPage';
import './CourseSalesPage.css';

type SalesCourse = 'foundation' | 'accelerator';
type InfoTab = 'innhold' | 'format' | 'for-hvem' | 'garanti';

const COPY: Record<SalesCourse, { headline: string; lead: string; audience: string[]; format: string[] }> = {
  foundation: {
    headline: 'Foundation – et komplett tradingfundament',
    lead: 'Lær å lese markedet med ranges, supply og demand, likviditet og Wyckoff-metoden – og få et system for risikostyring som holder når markedet ikke gjør som du tror.',
    audience: [
      'Du har prøvd litt trading, men mangler en metode du stoler på',
      'Du vil forstå hvorfor prisen beveger seg, ikke jage signaler',
      'Du vil ha faste regler for risiko og posisjonsstørrelse',
      'Du vil lære i ditt eget tempo, med livstidstilgang',
    ],
    format: [
      'Videomoduler du ser i ditt eget tempo',
      'Livstidstilgang, også til oppdateringer',
      'Discord-fellesskap med andre elever',
      'Fremdrift lagres på kontoen din',
    ],
  },
  accelerator: {
    headline: 'Accelerator – personlig mentorship',
    lead: 'Alt i Foundation, pluss tre måneder med personlig oppfølging: live trade-økter, månedlige live-økter, gjennomgang av dine charts og direkte tilgang til mentoren.',
    audience: [
      'Du kan det grunnleggende og vil bli konsistent',
      'Du vil ha tilbakemelding på dine egne handler og charts',
      'Du vil lære avansert skjematikk og PO3',
      'Du vil ha en mentor å sparre med i tre måneder',
    ],
    format: [
      'Alle Foundation-moduler med livstidstilgang',
      '3 måneder personlig mentorship',
      'Månedlige live-økter og live trade-økter',
      'Privat Discord-fellesskap',
    ],
  },
};

const TABS: { key: InfoTab; label: string }[] = [
  { key: 'innhold', label: 'Dette lærer du' },
  { key: 'format', label: 'Format' },
  { key: 'for-hvem', label: 'For hvem' },
  { key: 'garanti', label: 'Pris og garanti' },
];

function isSalesCourse(id: string | undefined): id is SalesCourse {
  return id === 'foundation' || id === 'accelerator';
}

/** `/kurs/foundation`, `/kurs/accelerator`; anything else under /kurs is the 404 page. */
export default function CourseSalesPage() {
  const { courseId } = useParams();
  if (!isSalesCourse(courseId)) return <NotFoundPage />;
  return <SalesPage courseId={courseId} />;
}

function Offer({
  item,
  email,
  tone,
  source,
}: {
  item: CatalogItem;
  email: string | null;
  tone: 'light' | 'dark';
  source: string;
}) {
  if (email) {
    return (
      <div className="welcome-back" data-testid="welcome-back">
        <p className="welcome-back__text">
          Velkommen tilbake, <strong>{email}</strong>!
        </p>
        <ButtonLink to={paths.checkout.href({ course: item.id, email })} size="lg">
          Fortsett til bestilling
        </ButtonLink>
      </div>
    );
  }
  return <LeadForm courseType={item.id} source={source} submitLabel={`START ${item.title.toUpperCase()}`} tone={tone} />;
}

function SalesPage({ courseId }: { courseId: SalesCourse }) {
  const item = useCatalogItem(courseId);
  const catalog = useCatalog();
  const copy = COPY[courseId];
  const vat = usePriceVat(item);
  const email = useQueryParamAfterMount('email');
  const showBar = useScrolledPast(100);
  const [tab, setTab] = useState<InfoTab>('innhold');
  const idBase = useTabsId('kursinfo');
  const source = paths.courseSales.href(courseId);
  const other = courseId === 'foundation' ? 'accelerator' : 'foundation';

  const selectTab = (key: InfoTab) => {
    setTab(key);
    scrollToId('kursinfo');
  };

  return (
    <>
      <Seo title={copy.headline} description={`${item.description}. ${copy.lead}`.slice(0, 300)} canonicalPath={source} />
      <PageHero
        eyebrow={`Kurs · ${item.title}`}
        title={copy.headline}
        lead={copy.lead}
        aside={
          <OfferCard label={item.title}>
            <PriceTag item={item} size="lg" />
            <p className="offer-card__note">
              {inLaunch(item) ? `Lanseringspris for de første ${catalog.launchSeats} elevene. ` : ''}Totalpris {vat.short}.
            </p>
            <ButtonLink to={paths.checkout.href({ course: courseId, email: email ?? undefined })} size="lg" block>
              Bestill {item.title} – {formatPriceKr(item.priceOre)}
            </ButtonLink>
          </OfferCard>
        }
      >
        <StudentBadge />
      </PageHero>

      <Section id="kursinfo" labelledBy="kursinfo-title" className="course-info">
        <SectionHeader id="kursinfo-title" eyebrow="Kursinfo" title={`Om ${item.title}`} />
        <TabList
          idBase={idBase}
          label={`Om ${item.title}`}
          items={TABS}
          selected={tab}
          onSelect={(k) => selectTab(k)}
          className="tabs--underline"
        />
        <TabPanel idBase={idBase} selected={tab} className="course-info__panel">
          {tab === 'innhold' && <FeatureList items={item.features} columns={2} />}
          {tab === 'format' && <FeatureList items={copy.format} columns={2} />}
          {tab === 'for-hvem' && <FeatureList items={copy.audience} columns={2} />}
          {tab === 'garanti' && (
            <div className="guarantee">
              <PriceTag item={item} size="lg" />
              <p>
                Prisen er totalprisen du betaler, {vat.long}. Du betaler én gang med kort eller Vipps og får livstidstilgang. Er
                du ikke fornøyd, får du pengene tilbake innen 30 dager – uten spørsmål.
              </p>
            </div>
          )}
        </TabPanel>
        <TrustBadges />
      </Section>

      <CtaSection
        id="sales-cta-title"
        title={`Start ${item.title} i dag`}
        lead={
          email
            ? 'Du er nesten i mål – bestillingen tar under ett minutt.'
            : 'Skriv inn e-postadressen din, så går du videre til bestillingen.'
        }
      >
        <Offer item={item} email={email} tone="dark" source={source} />
        <p className="cta-section__alt">
          Vil du heller se på {other === 'accelerator' ? 'Accelerator' : 'Foundation'}?{' '}
          <Link to={paths.courseSales.href(other)}>Les om {other === 'accelerator' ? 'Accelerator' : 'Foundation'}</Link>
        </p>
      </CtaSection>

      <div
        className={cx('sticky-bar', showBar && 'sticky-bar--visible')}
        data-testid="sticky-bar"
        aria-hidden={!showBar}
        inert={!showBar}
      >
        <div className="container sticky-bar__inner">
          <div className="sticky-bar__info">
            <span className="sticky-bar__title">
              <Icon name="chart" size={18} /> {item.title}
            </span>
            <span className="sticky-bar__price">
              {formatPriceKr(item.priceOre)}
              {item.beforePriceOre !== null && item.discountOre > 0 && <BeforePrice ore={item.beforePriceOre} />}
            </span>
          </div>
          <div className="sticky-bar__action">
            <Offer item={item} email={email} tone="light" source={source} />
          </div>
        </div>
      </div>
    </>
  );
}
