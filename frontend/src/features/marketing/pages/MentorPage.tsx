import { Button } from '../../../components/Button';
import { Section, SectionHeader } from '../../../components/Layout';
import { PageHero } from '../../../components/PageHero';
import { useSettings } from '../../../lib/app-state';
import { Seo } from '../../../lib/head';
import { scrollToId } from '../../../lib/hooks';
import { useCanonicalPath } from '../../../lib/use-canonical';
import { CtaSection } from '../components/CtaSection';
import { LeadForm } from '../components/LeadForm';
import { ProgramTabs } from '../components/ProgramTabs';
import { StudentBadge, TrustBadges } from '../components/TrustBadges';
import './MentorPage.css';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]!.toUpperCase())
      .join('') || 'M'
  );
}

/** Variant C (`/{slug}-trading-mentor`, `/c`): the mentor's story and authority. */
export default function MentorPage() {
  const settings = useSettings();
  const canonical = useCanonicalPath();
  const name = settings.mentorName;
  return (
    <>
      <Seo
        title={`${name} – din trading-mentor`}
        description={`Lær trading av ${name}: historien bak metoden, hva du lærer i Starter, Foundation og Accelerator, og hvordan du kommer i gang gratis.`}
        canonicalPath={canonical}
        ogType="article"
      />
      <PageHero
        eyebrow="Din mentor"
        title={`Lær trading av ${name}`}
        lead="Jeg lærer bort det jeg selv skulle ønske noen hadde lært meg: å lese markedet, styre risiko og holde hodet kaldt."
        aside={
          <figure className="mentor-card">
            <div className="mentor-card__avatar" aria-hidden="true">
              {initials(name)}
            </div>
            <figcaption>
              <strong>{name}</strong>
              <span>Grunnlegger av {settings.siteName}</span>
            </figcaption>
          </figure>
        }
      >
        <div className="hero__actions">
          <Button size="lg" onClick={() => scrollToId('mentor-signup', true)}>
            Start gratis
          </Button>
          <Button size="lg" variant="light" onClick={() => scrollToId('story', true)}>
            Les historien
          </Button>
        </div>
        <StudentBadge />
      </PageHero>

      <Section labelledBy="story" narrow>
        <SectionHeader id="story" eyebrow="Min historie" title="Fra gambling til en metode som holder" />
        <div className="prose">
          <p>
            Som de fleste startet jeg med å jage raske gevinster. Jeg kjøpte det som steg, solgte i panikk og trodde neste
            indikator skulle være den som løste alt. Kontoen gikk i null mer enn én gang.
          </p>
          <p>
            Vendepunktet kom da jeg sluttet å lete etter signaler og begynte å studere <strong>hvorfor</strong> prisen beveger
            seg: markedsstruktur, likviditet og Wyckoff-metodens faser. Sammen med faste regler for risiko ble tradingen
            kjedeligere – og langt bedre.
          </p>
          <p>
            I dag lærer jeg bort den samme metoden, steg for steg og på norsk. Ingen snarveier og ingen løfter om avkastning –
            bare en struktur du kan øve på, og en mentor som svarer når du står fast.
          </p>
        </div>
        <ul className="stat-row">
          <li>
            <strong>Wyckoff</strong>
            <span>og price action som grunnmur</span>
          </li>
          <li>
            <strong>Risiko først</strong>
            <span>før strategi og inngang</span>
          </li>
          <li>
            <strong>Norsk</strong>
            <span>undervisning og fellesskap</span>
          </li>
        </ul>
      </Section>

      <Section tone="muted" labelledBy="mentor-programs-title">
        <SectionHeader id="mentor-programs-title" eyebrow="Kursene" title="Slik kan jeg hjelpe deg" center />
        <ProgramTabs signupId="mentor-signup" startLabel="Start gratis" showStarterValue />
        <TrustBadges />
      </Section>

      <CtaSection
        id="mentor-signup"
        title="Start med det gratis kurset"
        lead="Skriv inn e-postadressen din, så får du tilgang til Starter med en gang."
      >
        <LeadForm courseType="starter" source={canonical} signupAs="C" tone="dark" />
      </CtaSection>
    </>
  );
}
