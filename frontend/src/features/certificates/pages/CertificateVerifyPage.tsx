import type { CertificateVerification } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ButtonAnchor, ButtonLink } from '../../../components/Button';
import { PageHero } from '../../../components/PageHero';
import { paths } from '../../../config/paths';
import { ApiError, apiGet } from '../../../lib/api';
import { useAppState } from '../../../lib/app-state';
import { Seo, useHttpStatus } from '../../../lib/head';
import { linkedInAddToProfileUrl } from '../linkedin';
import './CertificateVerifyPage.css';

const dateFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });

type Lookup =
  { state: 'loading' } | { state: 'found'; data: CertificateVerification } | { state: 'missing' } | { state: 'error' };

/**
 * The certificate of the code: what the server looked up for this page (rendered on the server),
 * else fetched (the student followed an in-app link from the dashboard).
 */
function useVerification(code: string): Lookup {
  const embedded = useAppState().certificate;
  const fromServer: Lookup | null =
    embedded && embedded.code === code
      ? embedded.verification
        ? { state: 'found', data: embedded.verification }
        : { state: 'missing' }
      : null;
  const [fetched, setFetched] = useState<{ code: string; lookup: Lookup } | null>(null);
  const known = fromServer !== null;
  useEffect(() => {
    if (known) return;
    const ctrl = new AbortController();
    apiGet<CertificateVerification>(`/api/certificates/verify/${encodeURIComponent(code)}`, ctrl.signal).then(
      (data) => setFetched({ code, lookup: { state: 'found', data } }),
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        const missing = e instanceof ApiError && e.status === 404;
        setFetched({ code, lookup: missing ? { state: 'missing' } : { state: 'error' } });
      },
    );
    return () => ctrl.abort();
  }, [code, known]);
  return fromServer ?? (fetched?.code === code ? fetched.lookup : { state: 'loading' });
}

function NotFound({ code, error }: { code: string; error?: boolean }) {
  useHttpStatus(error ? 200 : 404);
  const title = error ? 'Kunne ikke kontrollere sertifikatet' : 'Fant ikke sertifikatet';
  return (
    <>
      <Seo title={title} noindex />
      <PageHero size="sm" narrow eyebrow="Kontroll av sertifikat" title={title} />
      <div className="container container--narrow certificate-verify" role="status">
        <p>
          {error
            ? 'Prøv igjen om litt.'
            : `Vi har ikke utstedt noe sertifikat med koden ${code}. Sjekk at koden er skrevet riktig.`}
        </p>
        <ButtonLink to={paths.home.href()} variant="secondary">
          Til forsiden
        </ButtonLink>
      </div>
    </>
  );
}

function Verification({ data }: { data: CertificateVerification }) {
  const { settings } = useAppState();
  const date = dateFmt.format(new Date(data.issuedAt));
  const name = data.holderName ?? 'Ikke oppgitt ennå';
  const sharePath = paths.certificate.href(data.code);
  const certUrl = settings.publicUrl.replace(/\/+$/, '') + sharePath;
  const title = `${data.revoked ? 'Trukket tilbake: ' : ''}Kursbevis${data.holderName ? ` for ${data.holderName}` : ''} – ${data.courseTitle}`;
  const description = `${data.holderName ?? 'Eleven'} har fullført kurset ${data.courseTitle} hos ${settings.siteName}, ${date}. Sertifikatkode ${data.code}.`;
  const heading = data.revoked ? 'Sertifikatet er trukket tilbake' : 'Sertifikatet er gyldig';
  return (
    <div data-testid="certificate-verification">
      <Seo title={title} description={description} noindex sharePath={sharePath} />
      <PageHero size="sm" narrow eyebrow="Kontroll av sertifikat" title={heading} />
      <div className="container container--narrow certificate-verify">
        {data.revoked ? (
          <div className="certificate-verify__status certificate-verify__status--revoked" role="status">
            {data.revokedMessage && <p data-testid="revoked-reason">{data.revokedMessage}</p>}
            <p>
              {settings.siteName} trakk tilbake dette sertifikatet
              {data.revokedAt ? ` ${dateFmt.format(new Date(data.revokedAt))}` : ''}. Det er ikke lenger gyldig.
            </p>
          </div>
        ) : (
          <div className="certificate-verify__status certificate-verify__status--valid" role="status">
            <p>Dette sertifikatet er utstedt av {settings.siteName}.</p>
          </div>
        )}
        <dl className="certificate-verify__facts">
          <dt>Navn</dt>
          <dd>{name}</dd>
          <dt>Kurs</dt>
          <dd>{data.courseTitle}</dd>
          <dt>Dato</dt>
          <dd>{date}</dd>
          <dt>Sertifikatkode</dt>
          <dd>{data.code}</dd>
        </dl>
        {!data.revoked && (
          <p className="certificate-verify__share">
            <ButtonAnchor
              href={linkedInAddToProfileUrl({
                name: `${data.courseTitle} – ${settings.siteName}`,
                organizationName: settings.siteName,
                issuedAt: data.issuedAt,
                certUrl,
                certId: data.code,
              })}
              target="_blank"
              rel="noopener noreferrer"
              variant="secondary"
            >
              Legg til på LinkedIn<span className="sr-only"> (åpnes i ny fane)</span>
            </ButtonAnchor>
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * `/sertifikat/:code`: anyone can check that a certificate is genuine (name, course, date — nothing
 * else). Rendered on the server with Open Graph tags, so a shared link previews; an unknown code is a 404.
 */
export default function CertificateVerifyPage() {
  const { code = '' } = useParams();
  const lookup = useVerification(code);
  if (lookup.state === 'found') return <Verification data={lookup.data} />;
  if (lookup.state === 'missing') return <NotFound code={code} />;
  if (lookup.state === 'error') return <NotFound code={code} error />;
  return (
    <>
      <Seo title="Kontroll av sertifikat" noindex />
      <PageHero size="sm" narrow eyebrow="Kontroll av sertifikat" title="Kontrollerer sertifikatet..." />
      <div className="container container--narrow certificate-verify" role="status" aria-live="polite" />
    </>
  );
}
