import DownloadIcon from '@mui/icons-material/Download';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { AdminLead } from '@academy/contracts';
import { useState } from 'react';
import {
  Button,
  DataTable,
  DateInput,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useNotify,
} from 'react-admin';
import { useAdminData } from '../lib/useAdminData';
import { formatDateTime } from '../lib/format';
import { COURSE_LABELS, label, leadCourseChoices, VARIANT_LABELS, variantChoices } from '../lib/labels';
import { YesNo } from '../lib/fields';

const filters = [
  <SearchInput key="q" source="q" placeholder="Søk på e-post" alwaysOn />,
  <SelectArrayInput key="trafficSource" source="trafficSource" choices={variantChoices} alwaysOn />,
  <SelectInput key="courseType" source="courseType" choices={leadCourseChoices} />,
  <DateInput key="createdFrom" source="createdFrom" />,
  <DateInput key="createdTo" source="createdTo" />,
  <NullableBooleanInput key="hasAccount" source="hasAccount" />,
  <NullableBooleanInput key="hasBought" source="hasBought" />,
  <NullableBooleanInput key="contacted" source="contacted" />,
  <NullableBooleanInput key="unsubscribed" source="unsubscribed" />,
];

/** 'Eksporter CSV': the filtered list, for Excel (server-side, all pages). */
function ExportCsvButton() {
  const { filterValues, sort } = useListContext();
  const dp = useAdminData();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [withUnsub, setWithUnsub] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await dp.exportLeadsCsv({ filter: filterValues, sort, includeUnsubscribed: withUnsub });
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Eksporten mislyktes', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <FormControlLabel
        control={<Checkbox size="small" checked={withUnsub} onChange={(e) => setWithUnsub(e.target.checked)} />}
        label="Ta med avmeldte"
        slotProps={{ typography: { variant: 'body2' } }}
      />
      <Button label="Eksporter CSV" onClick={run} disabled={busy}>
        <DownloadIcon />
      </Button>
    </>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton />
    </TopToolbar>
  );
}

export function LeadList() {
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" render={(r: AdminLead) => formatDateTime(r.createdAt)} />
        <DataTable.Col source="email" />
        <DataTable.Col source="courseType" render={(r: AdminLead) => label(COURSE_LABELS, r.courseType)} />
        <DataTable.Col
          source="trafficSource"
          render={(r: AdminLead) => (r.trafficSource ? label(VARIANT_LABELS, r.trafficSource) : '–')}
        />
        <DataTable.Col source="hasAccount" disableSort render={(r: AdminLead) => <YesNo value={r.hasAccount} />} />
        <DataTable.Col source="hasBought" disableSort render={(r: AdminLead) => <YesNo value={r.hasBought} />} />
        <DataTable.Col source="contacted" render={(r: AdminLead) => <YesNo value={r.contacted} />} />
        <DataTable.Col source="note" disableSort render={(r: AdminLead) => (r.note ? r.note.slice(0, 60) : '')} />
      </DataTable>
    </List>
  );
}
