import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../lib/app-state';
import { MailLink } from '../../../components/MailLink';
import { SellerDetails } from '../../../components/SellerDetails';
import { LegalPage } from '../components/LegalPage';
import { TERMS_UPDATED } from '../content/dates';

/** `/vilkar` and `/terms`. */
export default function TermsPage() {
  const { siteName, contactEmail } = useSettings();
  return (
    <LegalPage
      title="Vilkår for bruk"
      description={`Vilkårene for bruk av ${siteName}: kurs, tilgang, betaling, 30 dagers pengene-tilbake-garanti og ansvar.`}
      updated={TERMS_UPDATED}
      intro={
        <p>
          Disse vilkårene gjelder når du bruker nettstedet og kursene til {siteName}. Ved å opprette en konto eller kjøpe et kurs
          godtar du vilkårene.
        </p>
      }
      sections={[
        {
          id: 'introduksjon',
          title: 'Introduksjon',
          body: (
            <>
              <p>
                {siteName} tilbyr digitale kurs i trading på norsk, fra et gratis startkurs til programmer med personlig
                mentorship. Kursene er laget for opplæring.
              </p>
              <p>
                Selger og avtalepart er <SellerDetails />.
              </p>
            </>
          ),
        },
        {
          id: 'ikke-investeringsradgivning',
          title: 'Ikke investeringsrådgivning',
          body: (
            <p>
              Alt innhold er generell opplæring. Ingenting i kursene, på nettstedet, i live-økter eller i fellesskapet er
              investeringsrådgivning, en anbefaling om å kjøpe eller selge finansielle instrumenter, eller en individuell
              vurdering av din økonomi.
            </p>
          ),
        },
        {
          id: 'risiko-og-ansvar',
          title: 'Risiko og ansvar',
          body: (
            <>
              <p>
                Trading i aksjer, valuta, råvarer og kryptovaluta innebærer høy risiko, og du kan tape hele eller deler av beløpet
                du investerer. Handel med belåning kan gi tap som er større enn innskuddet.
              </p>
              <p>
                Tidligere resultater er ingen garanti for fremtidig avkastning. Du er selv ansvarlig for dine handler og
                beslutninger.
              </p>
            </>
          ),
        },
        {
          id: 'kursinnhold-og-tilgang',
          title: 'Kursinnhold og tilgang',
          body: (
            <>
              <p>
                Når du kjøper et kurs, får du en personlig, ikke-overførbar lisens til å bruke innholdet til eget,
                ikke-kommersielt bruk. Tilgangen gjelder så lenge tjenesten drives (livstidstilgang).
              </p>
              <p>
                Du får ikke kopiere, laste ned, dele, videreselge eller offentliggjøre kursinnholdet. Innhold som fortsatt er
                under produksjon er merket, og publiseres fortløpende.
              </p>
            </>
          ),
        },
        {
          id: 'brukerens-ansvar',
          title: 'Brukerens ansvar',
          body: (
            <ul>
              <li>Du oppgir korrekte opplysninger og holder passordet ditt hemmelig.</li>
              <li>Kontoen er personlig og kan ikke deles med andre.</li>
              <li>Du opptrer respektfullt i fellesskapet og i live-økter.</li>
              <li>Du bruker ikke tjenesten i strid med norsk lov.</li>
            </ul>
          ),
        },
        {
          id: 'betaling-og-refusjon',
          title: 'Betaling og refusjon',
          body: (
            <>
              <p>
                Alle priser er oppgitt i norske kroner (NOK) og er totalpriser inkludert merverdiavgift. Du betaler med kort eller
                Vipps gjennom våre betalingsleverandører. Tilgang gis når betalingen er bekreftet. Kvitteringen sendes på e-post
                og kan skrives ut eller lastes ned som PDF fra kvitteringssiden når du er logget inn; ved refusjon får du en
                kreditnota som viser til kvitteringen.
              </p>
              <p>
                Kursene er digitalt innhold som leveres med en gang. Når du ber om at leveringen starter straks, bortfaller
                angreretten etter angrerettloven § 22 bokstav n. Vi gir likevel <strong>30 dagers pengene-tilbake-garanti</strong>{' '}
                på alle kurs: skriv til <MailLink address={contactEmail} /> innen 30 dager etter kjøpet, så refunderer vi hele
                beløpet.
              </p>
            </>
          ),
        },
        {
          id: 'endringer-i-tjenesten',
          title: 'Endringer i tjenesten',
          body: (
            <p>
              Vi kan forbedre, oppdatere og endre kursinnhold, moduler og funksjoner. Vesentlige endringer som svekker det du har
              kjøpt, varsler vi om på forhånd.
            </p>
          ),
        },
        {
          id: 'ansvarsfraskrivelse',
          title: 'Ansvarsfraskrivelse',
          body: (
            <p>
              Tjenesten leveres som den er. Vi er ikke ansvarlige for tap, direkte eller indirekte, som følge av handler du gjør
              eller beslutninger du tar basert på innholdet. Ansvaret vårt er uansett begrenset til beløpet du har betalt for
              kurset, så langt ufravikelig lov tillater det.
            </p>
          ),
        },
        {
          id: 'lovvalg',
          title: 'Lovvalg og verneting',
          body: (
            <p>
              Vilkårene reguleres av norsk rett. Tvister forsøkes løst i minnelighet. Som forbruker kan du også klage til
              Forbrukerrådet, og du har alltid rett til å bringe saken inn for de alminnelige domstolene.
            </p>
          ),
        },
        {
          id: 'kontakt',
          title: 'Kontakt',
          body: (
            <p>
              Spørsmål om vilkårene sender du til <MailLink address={contactEmail} />. Se også{' '}
              <Link to={paths.privacy.href()}>personvernerklæringen</Link> og{' '}
              <Link to={paths.cookies.href()}>cookie-erklæringen</Link>.
            </p>
          ),
        },
        {
          id: 'endringer-i-vilkarene',
          title: 'Endringer i vilkårene',
          body: (
            <p>
              Vi kan oppdatere vilkårene. Datoen øverst viser når teksten sist ble endret. Vesentlige endringer varsler vi om på
              e-post før de trer i kraft.
            </p>
          ),
        },
      ]}
    />
  );
}
