import type { AdminCertificate } from '@academy/contracts';
import { Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { BackToListActions, ShowLink } from '../lib/ShowParts';
import { RevokeCertificateButton } from './RevokeCertificateButton';
import { fullRecord } from '../lib/fullRecord';

function Details() {
  const cert = useRecordContext<AdminCertificate>();
  if (!cert) return null;
  return (
    <SimpleShowLayout>
      <TextField source="code" />
      <TextField source="holderName" emptyText="(navn mangler)" />
      <TextField source="courseTitle" />
      <DateTimeField source="issuedAt" />
      <Labeled label="panel.common.elev">
        <ShowLink resource="users" id={cert.userId}>
          {cert.userEmail ?? `Elev ${cert.userId}`}
        </ShowLink>
      </Labeled>
      <Labeled label="panel.common.status">
        <span>{cert.revoked ? 'Trukket tilbake' : 'Gyldig'}</span>
      </Labeled>
      {cert.revoked ? <DateTimeField source="revokedAt" /> : null}
      <Labeled label="panel.certificates.offentligBekreftelse">
        <a href={`/sertifikat/${encodeURIComponent(cert.code)}`} target="_blank" rel="noopener noreferrer">
          /sertifikat/{cert.code}
        </a>
      </Labeled>
      <RevokeCertificateButton cert={cert} />
    </SimpleShowLayout>
  );
}

export function CertificateShow() {
  return (
    <Show queryOptions={fullRecord} actions={<BackToListActions label="panel.certificates.alleSertifikater" />}>
      <Details />
    </Show>
  );
}
