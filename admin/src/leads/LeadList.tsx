import DownloadIcon from '@mui/icons-material/Download';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { variantLabel, type AdminLead } from '@academy/contracts';
import { useState } from 'react';
import { Button, DataTable, useListContext } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { CourseField, DateTimeField, VariantField, YesNo } from '../lib/fields';
import { choiceFilter, dayRangeFilters, searchFilter, yesNoFilters } from '../lib/filters';
import { COURSE_LABELS, label, leadCourseChoices, variantChoices } from '../lib/labels';
import { phoneLine, ResourceList } from '../lib/ResourceList';
import { useNotifyingAction } from '../lib/useNotifyingAction';
import { formatDateTime } from '../lib/format';

const filters = [
  searchFilter('Søk på e-post'),
  choiceFilter('trafficSource', variantChoices, { alwaysOn: true, multiple: true }),
  choiceFilter('courseType', leadCourseChoices),
  ...dayRangeFilters(),
  ...yesNoFilters('hasAccount', 'hasBought', 'contacted', 'unsubscribed'),
];

/** 'Eksporter CSV': the filtered list, for Excel (server-side, all pages). */
function ExportCsvButton() {
  const { filterValues, sort } = useListContext();
  const dp = useAdminData();
  const { busy, run } = useNotifyingAction('Eksporten mislyktes');
  const [withUnsub, setWithUnsub] = useState(false);
  return (
    <>
      <FormControlLabel
        control={<Checkbox size="small" checked={withUnsub} onChange={(e) => setWithUnsub(e.target.checked)} />}
        label="Ta med avmeldte"
        slotProps={{ typography: { variant: 'body2' } }}
      />
      <Button
        label="Eksporter CSV"
        onClick={() => run(() => dp.exportLeadsCsv({ filter: filterValues, sort, includeUnsubscribed: withUnsub }))}
        disabled={busy}
      >
        <DownloadIcon />
      </Button>
    </>
  );
}

export function LeadList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={<ExportCsvButton />}
      phone={{
        primary: (r: AdminLead) => r.email,
        secondary: (r) =>
          phoneLine(
            label(COURSE_LABELS, r.courseType),
            r.trafficSource && variantLabel(r.trafficSource),
            r.contacted && 'kontaktet',
          ),
        tertiary: (r) => formatDateTime(r.createdAt),
      }}
    >
      <DataTable.Col source="createdAt" field={DateTimeField} />
      <DataTable.Col source="email" />
      <DataTable.Col source="courseType" field={CourseField} />
      <DataTable.Col source="trafficSource" field={VariantField} />
      <DataTable.Col source="hasAccount" disableSort render={(r: AdminLead) => <YesNo value={r.hasAccount} />} />
      <DataTable.Col source="hasBought" disableSort render={(r: AdminLead) => <YesNo value={r.hasBought} />} />
      <DataTable.Col source="contacted" render={(r: AdminLead) => <YesNo value={r.contacted} />} />
      <DataTable.Col source="note" disableSort render={(r: AdminLead) => (r.note ? r.note.slice(0, 60) : '')} />
    </ResourceList>
  );
}
