import { useState } from 'react';
import { ButtonLink } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { Section, SectionHeader } from '../../../components/Layout';
import { PageHero } from '../../../components/PageHero';
import { PriceTag } from '../../../components/Price';
import { paths } from '../../../config/paths';
import { useCatalog, useCatalogItem, useCoursesVat } from '../../../lib/app-state';
import { formatPriceKr } from '../../../lib/format';
import { launchOfferText } from '../../../lib/launch';
import { Seo } from '../../../lib/head';
import { useCanonicalPath } from '../../../lib/use-canonical';
import { CourseTabs } from '../components/CourseTabs';
import { CtaSection } from '../components/CtaSection';
import { LeadForm } from '../components/LeadForm';
import { OfferCard } from '../components/OfferCard';
import { StudentBadge, TrustBadges } from '../components/TrustBadges';
import './ProfessionalPage.css';

const PROGRAMS = ['foundation', 'accelerator'] as const;
type Program = (typeof PROGRAMS)[number];

/** Rows of the comparison: [label, in Foundation, in Accelerator]. */
const COMPARISON: [string, boolean | string, boolean | string][] = [
  ['Ranges, supply og demand', true, true],
  ['Likviditet og skjematikk', true, true],
  ['Wyckoff-metoden', true, true],
  ['System for risikostyring', true, true],
  ['Tradingpsykologi', true, true],
  ['Discord-fellesskap', true, 'Privat'],
  ['Avansert skjematikk og PO3', false, true],
  ['Live trade-økter', false, true],
  ['Personlig mentorship', false, '3 måneder'],
  ['Månedlige live-økter', false, true],
  ['Gjennomgang av dine charts', false, true],
  ['Direkte tilgang til mentoren', false, true],
  ['Livstidstilgang', true, true],
];

function Cell({ v }: { v: boolean | string }) {
  if (typeof v === 'string') return <>{v}</>;
  return v ? (
    <>
      <Icon name="check" size={18} className="icon icon--yes" />
      <span className="sr-only">Ja</span>
    </>
  ) : (
    <>
      <span aria-hidden="true" className="icon--no">
        –
      </span>
      <span className="sr-only">Nei</span>
    </>
  );
}

/** Variant B (`/profesjonell-trading-utdanning`, `/b`): the paid programmes only. */
export default function ProfessionalPage() {
  const [tab, setTab] = useState<Program>('foundation');
  const foundation = useCatalogItem('foundation');
  const accelerator = useCatalogItem('accelerator');
  const vat = useCoursesVat([foundation, accelerator]);
  const launch = launchOfferText(useCatalog());
  const canonical = useCanonicalPath();
  return (
    <>
      <Seo
        title="Profesjonell trading-utdanning"
        description={`Foundation (${formatPriceKr(foundation.priceOre)}) og Accelerator (${formatPriceKr(accelerator.priceOre)}): komplett tradingfundament med Wyckoff, risikostyring og psykologi – eller personlig mentorship. 30 dagers garanti.`}
        canonicalPath={canonical}
      />
      <PageHero
        eyebrow="Profesjonell trading-utdanning"
        title="Bli en trader med metode, ikke magefølelse"
        lead="To programmer for deg som mener alvor: Foundation gir deg hele fundamentet, Accelerator legger til personlig mentorship og live-økter."
        aside={
          <OfferCard label={launch ? 'Lanseringspris' : 'Priser'}>
            <ul className="offer-list">
              {[foundation, accelerator].map((item) => (
                <li key={item.id}>
                  <span className="offer-list__title">{item.title}</span>
                  <span className="offer-list__desc">{item.description}</span>
                  <PriceTag item={item} size="sm" showSaving={false} tone="dark" />
                </li>
              ))}
            </ul>
            <p className="offer-card__note">30 dagers pengene-tilbake-garanti. Totalpriser {vat.short}.</p>
          </OfferCard>
        }
      >
        <div className="hero__actions">
          <ButtonLink to={paths.courseSales.href('foundation')} size="lg">
            Se Foundation
          </ButtonLink>
          <ButtonLink to={paths.courseSales.href('accelerator')} size="lg" variant="light">
            Se Accelerator
          </ButtonLink>
        </div>
        <StudentBadge />
      </PageHero>

      <Section labelledBy="programs-title">
        <SectionHeader
          id="programs-title"
          eyebrow="Programmene"
          title="Velg program"
          lead={`${launch ? `${launch}. ` : ''}Prisene er totalpriser ${vat.long}.`}
          center
        />
        <CourseTabs
          ids={PROGRAMS}
          selected={tab}
          onSelect={setTab}
          label="Program"
          action={(item) => (
            <ButtonLink to={paths.checkout.href({ course: item.id })} size="lg" block>
              Bestill {item.title}
            </ButtonLink>
          )}
        />
        <TrustBadges />
      </Section>

      <Section tone="muted" labelledBy="compare-title">
        <SectionHeader id="compare-title" eyebrow="Sammenligning" title="Foundation eller Accelerator?" center />
        <div className="table-wrap" role="region" aria-label="Sammenligning av programmene" tabIndex={0}>
          <table className="compare">
            <caption className="sr-only">Sammenligning av Foundation og Accelerator</caption>
            <thead>
              <tr>
                <th scope="col">Innhold</th>
                <th scope="col">
                  Foundation
                  <span className="compare__price">{formatPriceKr(foundation.priceOre)}</span>
                </th>
                <th scope="col">
                  Accelerator
                  <span className="compare__price">{formatPriceKr(accelerator.priceOre)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map(([label, f, a]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>
                    <Cell v={f} />
                  </td>
                  <td>
                    <Cell v={a} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <CtaSection
        id="lead-title"
        title={`Klar for ${tab === 'foundation' ? foundation.title : accelerator.title}?`}
        lead="Skriv inn e-postadressen din, så går du rett videre til bestillingen."
      >
        <LeadForm courseType={tab} source="B" trafficSource="B" submitLabel="GÅ VIDERE" tone="dark" />
      </CtaSection>
    </>
  );
}
