import type { AdminCertificate } from '@academy/contracts';
import { DataTable, NumberInput } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { choiceFilter, searchFilter, yesNoFilters } from '../lib/filters';
import { COURSE_LABELS, courseChoices, label } from '../lib/labels';
import { phoneLine, ResourceList } from '../lib/ResourceList';
import { RevokeCertificateButton } from './RevokeCertificateButton';
import { formatDateTime } from '../lib/format';

const filters = [
  searchFilter('Kode, navn eller kurs'),
  choiceFilter(
    'courseId',
    courseChoices.filter((c) => c.id !== 'starter'),
    { alwaysOn: true },
  ),
  ...yesNoFilters('revoked'),
  <NumberInput key="userId" source="userId" />,
];

export function CertificateList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'issuedAt', order: 'DESC' }}
      phone={{
        primary: (c: AdminCertificate) => c.holderName ?? '(navn mangler)',
        secondary: (c) => phoneLine(label(COURSE_LABELS, c.courseId), c.code, c.revoked ? 'Trukket tilbake' : 'Gyldig'),
        tertiary: (c) => formatDateTime(c.issuedAt),
      }}
    >
      <DataTable.Col source="issuedAt" field={DateTimeField} />
      <DataTable.Col source="code" />
      <DataTable.Col source="holderName" render={(c: AdminCertificate) => c.holderName ?? '(navn mangler)'} />
      <DataTable.Col source="userEmail" disableSort />
      <DataTable.Col source="courseId" render={(c: AdminCertificate) => label(COURSE_LABELS, c.courseId)} />
      <DataTable.Col source="revokedAt" render={(c: AdminCertificate) => (c.revoked ? 'Trukket tilbake' : 'Gyldig')} />
      <DataTable.Col
        label=""
        disableSort
        render={(c: AdminCertificate) => (
          // The button and its dialog (a portal, whose events still bubble through React) stay out of
          // the row's click and keys: «Trekk tilbake» opens the dialog, not the certificate's page.
          <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
            <RevokeCertificateButton cert={c} />
          </span>
        )}
      />
    </ResourceList>
  );
}
