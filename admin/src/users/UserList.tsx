import DownloadIcon from '@mui/icons-material/Download';
import type { AdminUser } from '@academy/contracts';
import { Button, DataTable, useListContext } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { useNotifyingAction } from '../lib/useNotifyingAction';
import { StudentBulkActions } from './StudentBulkActions';
import { DateTimeField, EmailField, EmailText, VariantField } from '../lib/fields';
import { choiceFilter, dayRangeFilters, searchFilter, yesNoFilters } from '../lib/filters';
import { catalogChoices, COURSE_LABELS, label, ROLE_LABELS, roleChoices, variantChoices } from '../lib/labels';
import { phoneLine, ResourceList } from '../lib/ResourceList';
import { formatDateTime } from '../lib/format';

const filters = [
  searchFilter('Søk på e-post eller navn'),
  choiceFilter('courseId', catalogChoices, { alwaysOn: true }),
  choiceFilter('role', roleChoices),
  choiceFilter('trafficSource', variantChoices),
  ...yesNoFilters('hasPassword'),
  ...dayRangeFilters(),
];

const fullName = (r: AdminUser) => [r.firstName, r.lastName].filter(Boolean).join(' ');

/** 'Eksporter CSV': every student the filters match (all pages), written by the server for Excel. */
function ExportCsvButton() {
  const { filterValues, sort } = useListContext();
  const dp = useAdminData();
  const { busy, run } = useNotifyingAction('Eksporten mislyktes');
  return (
    <Button
      label="panel.common.eksporterCsv"
      onClick={() => run(() => dp.exportCsv('users', { filter: filterValues, sort }))}
      disabled={busy}
    >
      <DownloadIcon />
    </Button>
  );
}

export function UserList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      createLabel="Ny elev"
      actions={<ExportCsvButton />}
      bulkActionButtons={<StudentBulkActions />}
      rowName={(r: AdminUser) => fullName(r) || r.email}
      phone={{
        primary: (r: AdminUser) => <EmailText value={r.email} />,
        secondary: (r) => phoneLine(fullName(r), r.courses.map((c) => label(COURSE_LABELS, c)).join(', ') || 'ingen kurs'),
        tertiary: (r) => formatDateTime(r.createdAt),
      }}
    >
      <DataTable.Col source="createdAt" field={DateTimeField} />
      <DataTable.Col source="email" field={EmailField} />
      <DataTable.Col source="lastName" label="panel.common.navn" render={(r: AdminUser) => fullName(r) || '–'} />
      <DataTable.Col source="role" render={(r: AdminUser) => label(ROLE_LABELS, r.role)} />
      <DataTable.Col
        source="courses"
        disableSort
        render={(r: AdminUser) => r.courses.map((c) => label(COURSE_LABELS, c)).join(', ') || '–'}
      />
      <DataTable.Col source="trafficSource" field={VariantField} />
      <DataTable.Col source="passwordSet" disableSort render={(r: AdminUser) => (r.passwordSet ? 'Ja' : 'Nei')} />
    </ResourceList>
  );
}
