import { ButtonAnchor } from '../../../components/Button';
import { FeatureList } from '../../../components/FeatureList';
import { Section, SectionHeader } from '../../../components/Layout';
import { PageHero } from '../../../components/PageHero';
import { PriceTag } from '../../../components/Price';
import { paths } from '../../../config/paths';
import { useCatalogItem, useCoursesVat } from '../../../lib/app-state';
import { Seo } from '../../../lib/head';
import { scrollToId } from '../../../lib/hooks';
import { HeroVisual } from '../components/HeroVisual';
import { HonestySection } from '../components/HonestySection';
import { LeadForm } from '../components/LeadForm';
import { OfferCard } from '../components/OfferCard';
import { ProgramTabs } from '../components/ProgramTabs';
import { StepsSection } from '../components/StepsSection';
import { StudentBadge, TrustBadges } from '../components/TrustBadges';
import './HomePage.css';

/** `/`: the original landing page (Wyckoff and price action), variant "starter". */
export default function HomePage() {
  const starter = useCatalogItem('starter');
  const vat = useCoursesVat();
  return (
    <>
      <Seo
        title="Lær trading med Wyckoff og price action"
        description="Norsk trading-utdanning om Wyckoff-metoden og price action: start med et gratis grunnkurs, bygg fundamentet med Foundation, eller ta premium-programmet Accelerator med personlig mentorship."
        canonicalPath={paths.home.path}
      />
      <PageHero
        eyebrow="Trading-utdanning på norsk"
        title="Lær å lese markedet med Wyckoff og price action"
        lead="Et strukturert kursløp fra første chart til egen handelsplan. Ingen hype og ingen løfter om rask rikdom – bare metode, risikostyring og øving."
        aside={<HeroVisual />}
      >
        <div className="hero__actions">
          <ButtonAnchor href="#signup" size="lg" onClick={(e) => (e.preventDefault(), scrollToId('signup', true))}>
            Start gratis
          </ButtonAnchor>
          <ButtonAnchor
            href="#program"
            size="lg"
            variant="light"
            onClick={(e) => (e.preventDefault(), scrollToId('program', true))}
          >
            Se kursene
          </ButtonAnchor>
        </div>
        <StudentBadge />
      </PageHero>

      <HonestySection />

      <StepsSection
        eyebrow="Slik fungerer det"
        title="Tre steg fra nysgjerrig til strukturert"
        steps={[
          {
            title: 'Start gratis',
            text: 'Starter-kurset gir deg tankesettet, oppsettet i TradingView og grunnleggende markedsstruktur – helt gratis.',
          },
          {
            title: 'Bygg fundamentet',
            text: 'Foundation lærer deg ranges, supply og demand, likviditet og Wyckoff-metoden, med et eget system for risikostyring.',
          },
          {
            title: 'Få personlig veiledning',
            text: 'Accelerator gir deg tre måneder mentorship, live-økter og gjennomgang av dine egne charts.',
          },
        ]}
      />

      <Section tone="muted" id="program" labelledBy="program-title">
        <SectionHeader
          id="program-title"
          eyebrow="Kursene"
          title="Velg nivået som passer deg"
          lead={`Alle priser er totalpriser i NOK ${vat.long}. 30 dagers pengene-tilbake-garanti på alle kurs.`}
          center
        />
        <ProgramTabs signupId="signup" startLabel="Meld deg på gratis" />
        <TrustBadges />
      </Section>

      <Section tone="dark" id="signup" labelledBy="signup-title" className="signup-section">
        <div className="split">
          <div>
            <SectionHeader
              id="signup-title"
              eyebrow="Gratis startkurs"
              title="Start med Starter – gratis"
              lead={`${starter.moduleCount || 4} korte moduler som gir deg et trygt utgangspunkt. Skriv inn e-postadressen din, så får du tilgang med en gang.`}
            />
            <FeatureList items={starter.features} />
          </div>
          <OfferCard stacked>
            <PriceTag item={starter} showValue tone="dark" />
            <LeadForm courseType="starter" source={paths.home.path} signupAs="starter" layout="stacked" tone="dark" showLabel />
          </OfferCard>
        </div>
      </Section>
    </>
  );
}
