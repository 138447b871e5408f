import type { CertificateListItem } from '@academy/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonAnchor } from '../../../components/Button';
import { Field, Input, StatusMessage, type FormStatus } from '../../../components/Form';
import { Icon } from '../../../components/Icon';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { certificatePdfUrl, useCertificates, useSaveName } from '../api/certificates';

const dateFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });

/** The name the certificates carry, asked for once (PATCH /api/account). */
function NameForm({ userId }: { userId: number }) {
  const save = useSaveName(userId);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [status, setStatus] = useState<FormStatus>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    save.mutate(
      { firstName, lastName },
      {
        onSuccess: () => setStatus({ kind: 'success', text: 'Navnet er lagret. Sertifikatet er klart til nedlasting.' }),
        onError: (err) =>
          setStatus({ kind: 'error', text: err instanceof ApiError ? err.message : 'Kunne ikke lagre navnet. Prøv igjen.' }),
      },
    );
  };
  return (
    <form className="certificate-name" onSubmit={onSubmit} noValidate aria-labelledby="certificate-name-heading">
      <p id="certificate-name-heading">
        <strong>Hvilket navn skal stå på sertifikatet?</strong> Skriv det slik du vil at det skal stå.
      </p>
      <div className="certificate-name__fields">
        <Field id="certificate-first-name" label="Fornavn">
          <Input
            id="certificate-first-name"
            name="firstName"
            autoComplete="given-name"
            maxLength={100}
            required
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
        </Field>
        <Field id="certificate-last-name" label="Etternavn">
          <Input
            id="certificate-last-name"
            name="lastName"
            autoComplete="family-name"
            maxLength={100}
            required
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </Field>
      </div>
      <Button type="submit" size="sm" busy={save.isPending} disabled={save.isPending}>
        Lagre navn
      </Button>
      <StatusMessage status={status} />
    </form>
  );
}

function CertificateRow({ c }: { c: CertificateListItem }) {
  return (
    <li className="certificate-row" data-certificate={c.courseId}>
      <div>
        <strong>{c.courseTitle}</strong>
        <span className="certificate-row__meta">
          Fullført {dateFmt.format(new Date(c.issuedAt))} · Kode {c.code}
        </span>
      </div>
      <div className="certificate-row__actions">
        {!c.nameRequired && (
          <ButtonAnchor href={certificatePdfUrl(c.courseId)} download size="sm">
            Last ned sertifikat (PDF)
          </ButtonAnchor>
        )}
        <Link to={paths.certificate.href(c.code)}>Se bekreftelsessiden</Link>
      </div>
    </li>
  );
}

/** 'Sertifikater': one per completed paid course, the PDF, and the name form while the name is missing. */
export function CertificatesSection({ userId }: { userId: number }) {
  const { data } = useCertificates(userId);
  if (!data || data.length === 0) return null;
  return (
    <section className="dashboard__panel" aria-labelledby="certificates-heading" data-testid="certificates">
      <h2 id="certificates-heading">
        <Icon name="check" size={22} /> Sertifikater
      </h2>
      <p>Gratulerer! Du har fullført alle modulene, og sertifikatet ditt er utstedt.</p>
      {data.some((c) => c.nameRequired) && <NameForm userId={userId} />}
      <ul className="dashboard__list certificate-list">
        {data.map((c) => (
          <CertificateRow key={c.courseId} c={c} />
        ))}
      </ul>
    </section>
  );
}
