import { Link } from 'react-router-dom';
import { MARKETING_CONSENT_TEXT } from '@academy/contracts';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../lib/app-state';
import { MailLink } from '../../../components/MailLink';
import { SellerDetails } from '../../../components/SellerDetails';
import { LegalPage } from '../components/LegalPage';
import { PRIVACY_UPDATED } from '../content/dates';

/** `/personvern` and `/privacy`. */
export default function PrivacyPage() {
  const { siteName, privacyEmail, contactEmail } = useSettings();
  const privacyMail = <MailLink address={privacyEmail} />;
  return (
    <LegalPage
      title="Personvernerklæring"
      description={`Hvordan ${siteName} samler inn, bruker og beskytter personopplysninger, og hvordan du bruker rettighetene dine etter GDPR.`}
      updated={PRIVACY_UPDATED}
      intro={
        <p>
          Behandlingsansvarlig for personopplysningene som beskrives her er <SellerDetails />, som driver {siteName}. Vi samler
          bare inn det vi trenger for å levere kursene og drive tjenesten.
        </p>
      }
      sections={[
        {
          id: 'hva-vi-samler-inn',
          title: 'Hva vi samler inn',
          body: (
            <ul>
              <li>
                <strong>Kontaktinformasjon:</strong> e-postadresse, navn og eventuelt telefonnummer (valgfritt) når du melder deg
                på eller kjøper et kurs.
              </li>
              <li>
                <strong>Betalingsinformasjon:</strong> betalinger håndteres av våre leverandører for kort og Vipps. Vi lagrer
                aldri kortnummer eller kortdata – bare hva du har kjøpt, beløp og status.
              </li>
              <li>
                <strong>Bruksdata:</strong> hvilke kurs du har tilgang til, fremdriften din i modulene og når du sist logget inn.
              </li>
              <li>
                <strong>Tekniske data:</strong> IP-adresse, nettleser og enhet, i serverlogger og – hvis du samtykker – i anonym
                statistikk.
              </li>
            </ul>
          ),
        },
        {
          id: 'bruk-av-data',
          title: 'Bruk av data',
          body: (
            <>
              <p>Vi bruker opplysningene til å:</p>
              <ul>
                <li>gi deg tilgang til kursene og lagre fremdriften din (avtale)</li>
                <li>behandle betalinger, refusjoner og regnskap (avtale og rettslig plikt)</li>
                <li>
                  svare på henvendelser og sende informasjon om kursene du har meldt deg på (samtykke, som du kan trekke tilbake)
                </li>
                <li>forbedre nettstedet gjennom statistikk, bare hvis du har samtykket</li>
              </ul>
              <p>Vi selger aldri personopplysninger.</p>
            </>
          ),
        },
        {
          id: 'nyhetsbrev',
          title: 'Nyhetsbrev og markedsføring på e-post',
          body: (
            <>
              <p>
                Vi sender tips og tilbud på e-post bare til deg som har bedt om det (markedsføringsloven § 15). Boksen «
                {MARKETING_CONSENT_TEXT}» på skjemaene er aldri forhåndsavkrysset, og skjemaene virker uten den. Krysser du av,
                får du en e-post med en lenke du må trykke på før du står på listen (dobbel bekreftelse).
              </p>
              <p>
                Når du samtykker, lagrer vi teksten du sa ja til og versjonen av den, tidspunktet, siden skjemaet stod på og
                IP-adressen din, slik at vi kan dokumentere samtykket. Kjøper du et kurs, kan vi sende deg tilbud om lignende kurs
                som kunde; det står på kvitteringen, og du kan si nei når som helst.
              </p>
              <p>
                Hver e-post har en lenke for å melde seg av med ett klikk, og e-postprogrammet ditt kan melde deg av direkte. En
                avmeldt, avvist eller klaget adresse får aldri markedsføring fra oss igjen. Kvitteringer, lenker for nytt passord
                og annen e-post om kjøp og konto får du fortsatt. Vi bruker ingen sporingspiksler i e-postene. Samtykket og hvilke
                e-poster du har fått er med når du laster ned dataene dine, og alt slettes når du sletter kontoen.
              </p>
            </>
          ),
        },
        {
          id: 'tjenester-vi-bruker',
          title: 'Tjenester vi bruker',
          body: (
            <ul>
              <li>
                <strong>Innlogging og database:</strong> kontoer, økter og kursdata lagres i vår egen database hos vår
                driftsleverandør i EU/EØS.
              </li>
              <li>
                <strong>Webanalyse:</strong> Google Analytics, bare når du har samtykket til statistikk-cookies (Consent Mode).
              </li>
              <li>
                <strong>Betaling:</strong> Stripe og Vipps behandler betalingene som selvstendige behandlingsansvarlige.
              </li>
              <li>
                <strong>Innlogging med Vipps:</strong> velger du «Logg inn med Vipps», er Vipps MobilePay AS identitetsleverandør
                (selvstendig behandlingsansvarlig). Vi får da navnet og den bekreftede e-postadressen din, som vi lagrer på
                kontoen, og Vipps' kjennetegn for deg hos oss (en tilfeldig id), som knytter Vipps til kontoen. Koblingen vises i
                dataeksporten, og den slettes når du kobler fra Vipps eller sletter kontoen.
              </li>
              <li>
                <strong>Videostrømming:</strong> gratisvideoer og smakebiter vises gjennom YouTube i personvernforbedret modus
                (youtube-nocookie.com), og lastes først når du velger å spille av.
              </li>
              <li>
                <strong>Kursvideoer (Mux):</strong> videoene i betalte kurs strømmes fra Mux, Inc., som behandler opplysningene på
                våre vegne som databehandler (med EUs standardavtaleklausuler for overføring til USA). Når du trykker på
                avspilling, får Mux din IP-adresse, nettleser og enhet og hvilken video som spilles av – det som trengs for å
                levere strømmen – og en kortlivet tilgangsnøkkel som bare viser at du har tilgang; ikke navn eller e-postadresse.
                Avspillingen setter ingen egne cookies. Seerstatistikk (Mux Data: avspillinger, feil og kvalitet) samles bare inn
                når du har samtykket til statistikk-cookies.
              </li>
            </ul>
          ),
        },
        {
          id: 'dine-rettigheter',
          title: 'Dine rettigheter (GDPR)',
          body: (
            <>
              <p>Etter personvernforordningen (GDPR) har du rett til:</p>
              <ul>
                <li>
                  <strong>innsyn</strong> i opplysningene vi har om deg
                </li>
                <li>
                  <strong>retting</strong> av feil opplysninger
                </li>
                <li>
                  <strong>sletting</strong> av opplysningene, når vi ikke lenger trenger dem eller er pålagt å lagre dem
                </li>
                <li>
                  <strong>innsigelse</strong> mot behandling, blant annet mot markedsføring
                </li>
              </ul>
              <p>Send forespørselen til {privacyMail}. Vi svarer innen 30 dager. Du kan også klage til Datatilsynet.</p>
            </>
          ),
        },
        {
          id: 'datasikkerhet',
          title: 'Datasikkerhet',
          body: (
            <p>
              Trafikken er kryptert (HTTPS), passord lagres bare som sikre hasher, og tilgangen til opplysningene er begrenset til
              det som er nødvendig for å drive tjenesten.
            </p>
          ),
        },
        {
          id: 'kontakt',
          title: 'Kontakt',
          body: (
            <p>
              Spørsmål om personvern: {privacyMail}. Andre henvendelser: <MailLink address={contactEmail} />. Les også{' '}
              <Link to={paths.cookies.href()}>cookie-erklæringen</Link>.
            </p>
          ),
        },
        {
          id: 'endringer',
          title: 'Endringer',
          body: <p>Vi oppdaterer erklæringen når behandlingen endres. Datoen øverst viser når teksten sist ble endret.</p>,
        },
      ]}
    />
  );
}
