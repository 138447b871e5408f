import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/Button';
import { LoadingStatus, MemberEmpty, MemberPage } from '../../../components/MemberShell';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useSettings } from '../../../lib/app-state';
import { Seo } from '../../../lib/head';
import { useCertificateVerification } from '../api/verify';
import './CertificateVerifyPage.css';

const dateFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });

function Verification({ code }: { code: string }) {
  const settings = useSettings();
  const { data, error, isPending } = useCertificateVerification(code);
  if (isPending) return <LoadingStatus text="Kontrollerer sertifikatet..." />;
  if (error || !data) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <MemberEmpty icon="alert" title={notFound ? 'Fant ikke sertifikatet' : 'Kunne ikke kontrollere sertifikatet'} role="status">
        <p>
          {notFound
            ? `Vi har ikke utstedt noe sertifikat med koden ${code}. Sjekk at koden er skrevet riktig.`
            : 'Prøv igjen om litt.'}
        </p>
        <ButtonLink to={paths.home.href()} variant="secondary">
          Til forsiden
        </ButtonLink>
      </MemberEmpty>
    );
  }
  return (
    <div className="container container--narrow certificate-verify" data-testid="certificate-verification">
      <p className="eyebrow">Kontroll av sertifikat</p>
      {data.revoked ? (
        <div className="certificate-verify__status certificate-verify__status--revoked" role="status">
          <h1>Sertifikatet er trukket tilbake</h1>
          {data.revokedMessage && <p data-testid="revoked-reason">{data.revokedMessage}</p>}
          <p>
            {settings.siteName} trakk tilbake dette sertifikatet
            {data.revokedAt ? ` ${dateFmt.format(new Date(data.revokedAt))}` : ''}. Det er ikke lenger gyldig.
          </p>
        </div>
      ) : (
        <div className="certificate-verify__status certificate-verify__status--valid" role="status">
          <h1>Sertifikatet er gyldig</h1>
          <p>Dette sertifikatet er utstedt av {settings.siteName}.</p>
        </div>
      )}
      <dl className="certificate-verify__facts">
        <dt>Navn</dt>
        <dd>{data.holderName ?? 'Ikke oppgitt ennå'}</dd>
        <dt>Kurs</dt>
        <dd>{data.courseTitle}</dd>
        <dt>Dato</dt>
        <dd>{dateFmt.format(new Date(data.issuedAt))}</dd>
        <dt>Sertifikatkode</dt>
        <dd>{data.code}</dd>
      </dl>
    </div>
  );
}

/** `/sertifikat/:code`: anyone can check that a certificate is genuine (name, course, date — nothing else). */
export default function CertificateVerifyPage() {
  const { code = '' } = useParams();
  return (
    <MemberPage>
      <Seo title="Kontroll av sertifikat" noindex />
      <Verification code={code} />
    </MemberPage>
  );
}
