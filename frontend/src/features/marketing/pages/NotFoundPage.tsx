import { ButtonLink } from '../../../components/Button';
import { Section } from '../../../components/Layout';
import { PageHero } from '../../../components/PageHero';
import { paths } from '../../../config/paths';
import { Seo, useHttpStatus } from '../../../lib/head';
import './NotFoundPage.css';

/** Unknown paths: the Norwegian 404 page (the server answers it with HTTP 404). */
export default function NotFoundPage() {
  useHttpStatus(404);
  return (
    <>
      <Seo title="Fant ikke siden" description="Siden du leter etter finnes ikke eller er flyttet." noindex />
      <PageHero
        size="sm"
        eyebrow="Feil 404"
        title="Fant ikke siden"
        lead="Siden du leter etter finnes ikke, eller den er flyttet. Sjekk adressen, eller gå videre herfra:"
      />
      <Section narrow>
        <div className="notfound-actions">
          <ButtonLink to={paths.home.href()} size="lg">
            Til forsiden
          </ButtonLink>
          <ButtonLink to={paths.free.href()} size="lg" variant="secondary">
            Gratis trading-kurs
          </ButtonLink>
          <ButtonLink to={paths.signup.href()} size="lg" variant="secondary">
            Se alle kurs
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
