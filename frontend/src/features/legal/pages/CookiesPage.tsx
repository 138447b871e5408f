import { Link } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../lib/app-state';
import { useCookieSettings } from '../../../lib/cookie-settings';
import { LegalPage } from '../components/LegalPage';
import { COOKIES_UPDATED } from '../content/dates';
import { MailLink } from '../../../components/MailLink';

/** `/cookies`. */
export default function CookiesPage() {
  const { siteName, privacyEmail } = useSettings();
  const { openSettings } = useCookieSettings();
  return (
    <LegalPage
      title="Cookie-erklæring"
      description={`Hvilke informasjonskapsler (cookies) ${siteName} bruker, hvorfor, og hvordan du endrer valget ditt.`}
      updated={COOKIES_UPDATED}
      intro={
        <>
          <p>
            Informasjonskapsler (cookies) er små tekstfiler som lagres i nettleseren din. Vi bruker også lokal lagring i
            nettleseren til samme formål. Nødvendige cookies bruker vi alltid; alle andre bare med ditt samtykke.
          </p>
          <p>
            <Button variant="secondary" onClick={openSettings}>
              Endre cookie-innstillinger
            </Button>
          </p>
        </>
      }
      sections={[
        {
          id: 'nodvendige',
          title: 'Nødvendige cookies',
          body: (
            <p>
              Holder deg innlogget (øktcookie), beskytter skjemaer mot misbruk og husker cookie-valget ditt. Uten disse fungerer
              ikke nettstedet, og de kan ikke slås av.
            </p>
          ),
        },
        {
          id: 'preferanser',
          title: 'Preferansecookies (funksjonelle)',
          body: <p>Husker valg du gjør, for eksempel hvilken side du kom til først, slik at vi kan vise deg riktig innhold.</p>,
        },
        {
          id: 'statistikk',
          title: 'Statistikkcookies',
          body: (
            <p>
              Google Analytics måler hvilke sider som brukes, anonymt og samlet. Uten samtykke settes ingen statistikkcookies
              (Google Consent Mode står som «avslått»).
            </p>
          ),
        },
        {
          id: 'markedsforing',
          title: 'Markedsføringscookies',
          body: <p>Brukes til å måle annonser og vise relevant markedsføring på andre nettsteder. Disse er av som standard.</p>,
        },
        {
          id: 'tredjepart',
          title: 'Tredjepartscookies',
          body: (
            <p>
              Google (analyse) kan sette cookies når du har samtykket. Gratisvideoer fra YouTube vises i personvernforbedret modus
              og lastes først når du trykker på avspilling. Kursvideoer fra Mux lastes også først ved avspilling og setter ingen
              cookies; Mux får IP-adresse og nettleserinformasjon for å levere videoen, og seerstatistikk (Mux Data) sendes bare
              når du har samtykket til statistikk. Volum og lyd av/på huskes i nettleseren bare med samtykke til funksjonelle
              cookies. Betalingsleverandørene (Stripe og Vipps) setter egne cookies på sine sider under betaling.
            </p>
          ),
        },
        {
          id: 'administrere',
          title: 'Slik administrerer du cookies',
          body: (
            <p>
              Du kan når som helst endre eller trekke tilbake samtykket med knappen øverst på siden eller lenken
              «Cookie-innstillinger» nederst på alle sider. Du kan også slette cookies i nettleseren. Spørsmål sender du til{' '}
              <MailLink address={privacyEmail} />; se også <Link to={paths.privacy.href()}>personvernerklæringen</Link>.
            </p>
          ),
        },
        {
          id: 'nettlesere',
          title: 'Instruksjoner per nettleser',
          body: (
            <ul>
              <li>
                <strong>Chrome:</strong> Innstillinger → Personvern og sikkerhet → Informasjonskapsler og andre nettstedsdata.
              </li>
              <li>
                <strong>Firefox:</strong> Innstillinger → Personvern og sikkerhet → Infokapsler og nettstedsdata.
              </li>
              <li>
                <strong>Safari:</strong> Innstillinger → Personvern → Administrer nettstedsdata.
              </li>
              <li>
                <strong>Edge:</strong> Innstillinger → Informasjonskapsler og nettstedstillatelser → Administrer og slett
                informasjonskapsler.
              </li>
              <li>
                <strong>Mobil:</strong> i iOS under Innstillinger → Safari, i Android i nettleserens innstillinger under
                Nettstedsinnstillinger.
              </li>
            </ul>
          ),
        },
      ]}
    />
  );
}
