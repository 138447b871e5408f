import { useState } from 'react';
import { ButtonAnchor, ButtonLink } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { Section, SectionHeader } from '../../../components/Layout';
import { PageHero } from '../../../components/PageHero';
import { paths } from '../../../config/paths';
import { useCatalogItem } from '../../../lib/app-state';
import { Seo } from '../../../lib/head';
import { useCanonicalPath } from '../../../lib/use-canonical';
import { CourseTabs } from '../components/CourseTabs';
import { CtaSection } from '../components/CtaSection';
import { HeroVisual } from '../components/HeroVisual';
import { LeadForm } from '../components/LeadForm';
import { StudentBadge } from '../components/TrustBadges';

const SERIES = ['microkurs', 'temakurs', 'vip'] as const;
type Series = (typeof SERIES)[number];

/** Variant D (`/kryptovaluta-trading-kurs`, `/d`): crypto focus, the crypto series. */
export default function CryptoPage() {
  const [tab, setTab] = useState<Series>('temakurs');
  const canonical = useCanonicalPath();
  const selected = useCatalogItem(tab);
  return (
    <>
      <Seo
        title="Kurs i trading av kryptovaluta"
        description="Lær å handle kryptovaluta med struktur: volatilitet, likviditet og risikostyring. Velg mellom Microkurs, Temakurs og VIP med ukentlige live-økter."
        canonicalPath={canonical}
      />
      <PageHero
        eyebrow="Kryptovaluta"
        title="Trading av kryptovaluta – med struktur"
        lead="Kryptomarkedet er åpent døgnet rundt og svinger kraftig. Lær å lese strukturen, håndtere volatiliteten og beskytte kapitalen din."
        aside={<HeroVisual variant="crypto" />}
      >
        <ul className="hero__checks">
          <li>
            <Icon name="check" size={18} /> Markedsstruktur i kryptomarkedet
          </li>
          <li>
            <Icon name="check" size={18} /> Risikostyring tilpasset høy volatilitet
          </li>
          <li>
            <Icon name="check" size={18} /> Live-økter i VIP
          </li>
        </ul>
        <StudentBadge />
      </PageHero>

      <Section labelledBy="series-title">
        <SectionHeader
          id="series-title"
          eyebrow="Krypto-serien"
          title="Velg ditt nivå"
          lead="Fra korte kurs om ett tema til VIP med ukentlige live-økter. Microkurs og Temakurs kjøper du og starter med en gang; VIP er 12 måneders medlemskap med kursene inkludert, og fornyes automatisk bare hvis du selv velger det ved kjøpet."
          center
        />
        <CourseTabs
          ids={SERIES}
          selected={tab}
          onSelect={setTab}
          label="Krypto-kurs"
          action={(item) =>
            item.soldByCheckout ? (
              <ButtonLink to={paths.checkout.href({ course: item.id })} size="lg" block data-testid={`buy-${item.id}`}>
                Kjøp {item.title}
              </ButtonLink>
            ) : (
              <ButtonAnchor href="#crypto-signup" size="lg" block>
                Meld interesse
              </ButtonAnchor>
            )
          }
        />
      </Section>

      <CtaSection
        id="crypto-signup"
        title={`Interessert i ${selected.title}?`}
        lead="Skriv inn e-postadressen din. Du får gratis tilgang til Starter med en gang, og hører fra oss om krypto-serien."
      >
        <LeadForm courseType={tab} source={canonical} signupAs="D" tone="dark" submitLabel="MELD INTERESSE" />
      </CtaSection>
    </>
  );
}
