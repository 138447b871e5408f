import { Icon } from '../../../components/Icon';
import { Section, SectionHeader } from '../../../components/Layout';
import { PageHero } from '../../../components/PageHero';
import { paths } from '../../../config/paths';
import { useCatalogItem } from '../../../lib/app-state';
import { formatPriceKr } from '../../../lib/format';
import { Seo } from '../../../lib/head';
import { useCanonicalPath } from '../../../lib/use-canonical';
import { CtaSection } from '../components/CtaSection';
import { Faq } from '../components/Faq';
import { LeadForm } from '../components/LeadForm';
import { OfferCard } from '../components/OfferCard';
import { StudentBadge } from '../components/TrustBadges';
import './FreeCoursePage.css';

/** Variant A (`/gratis-trading-kurs`, `/a`): free Starter sign-up, value 799 kr, price free. */
export default function FreeCoursePage() {
  const starter = useCatalogItem('starter');
  const canonical = useCanonicalPath();
  const value = starter.valueOre ? formatPriceKr(starter.valueOre) : null;
  const form = (id: string) => (
    <LeadForm
      key={id}
      courseType="starter"
      source={paths.free.path}
      signupAs="A"
      submitLabel="FÅ GRATIS TILGANG"
      tone="dark"
      layout="stacked"
      showLabel
    />
  );
  return (
    <>
      <Seo
        title="Gratis trading-kurs for nybegynnere"
        description={`Gratis startkurs i trading på norsk${value ? ` (verdi ${value})` : ''}: tankesett, oppsett i TradingView og markedsstruktur. Umiddelbar tilgang.`}
        canonicalPath={canonical}
      />
      <PageHero
        eyebrow="Gratis startkurs"
        title="Gratis trading-kurs for nybegynnere"
        lead="Lær det grunnleggende på riktig måte fra første dag: hvorfor trading ikke er gambling, hvordan du setter opp TradingView og hvordan du leser markedsstruktur."
        aside={
          <OfferCard label="Starter-kurset">
            <p className="offer-card__price">
              {value && <span className="offer-card__value">verdi {value}</span>}
              <span className="offer-card__free">GRATIS</span>
            </p>
            {form('hero')}
          </OfferCard>
        }
      >
        <ul className="hero__checks">
          <li>
            <Icon name="check" size={18} /> {starter.moduleCount || 4} korte videomoduler
          </li>
          <li>
            <Icon name="check" size={18} /> Tilgang med en gang – ingen kort
          </li>
          <li>
            <Icon name="check" size={18} /> Laget for nybegynnere
          </li>
        </ul>
        <StudentBadge />
      </PageHero>

      <Section labelledBy="learn-title">
        <SectionHeader id="learn-title" eyebrow="Innhold" title="Dette lærer du i Starter" center />
        <ol className="module-list">
          {(starter.moduleTitles.length ? starter.moduleTitles : starter.features).map((f, i) => (
            <li key={f} className="module-list__item">
              <span className="module-list__num">Modul {i + 1}</span>
              <span className="module-list__title">{f}</span>
            </li>
          ))}
        </ol>
      </Section>

      <Section tone="muted" labelledBy="who-title">
        <div className="split">
          <SectionHeader
            id="who-title"
            eyebrow="For hvem"
            title="For deg som vil starte riktig"
            lead="Du trenger ingen forkunnskaper. Kurset passer deg som er nysgjerrig på trading, men som vil forstå hva du gjør før du risikerer egne penger."
          />
          <Faq
            items={[
              { q: 'Koster det noe?', a: <p>Nei. Starter er gratis, og du trenger ikke betalingskort for å få tilgang.</p> },
              {
                q: 'Hva skjer når jeg melder meg på?',
                a: <p>Vi oppretter en konto til deg og logger deg inn, slik at du kan starte på første modul med en gang.</p>,
              },
              {
                q: 'Får jeg mye e-post?',
                a: <p>Nei. Vi sender bare det som er nyttig for kurset, og du kan melde deg av når som helst.</p>,
              },
              {
                q: 'Er dette finansiell rådgivning?',
                a: <p>Nei. Kursene er opplæring. Trading innebærer risiko, og du tar dine egne beslutninger.</p>,
              },
            ]}
          />
        </div>
      </Section>

      <CtaSection
        id="cta-title"
        title="Klar til å starte?"
        lead="Skriv inn e-postadressen din og få tilgang til Starter med en gang."
      >
        {form('bottom')}
      </CtaSection>
    </>
  );
}
