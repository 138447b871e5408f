import type { AdminModule } from '@academy/contracts';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { COURSE_LABELS, courseChoices, label } from '../lib/labels';

const filters = [
  <SearchInput key="q" source="q" placeholder="Søk i tittel og beskrivelse" alwaysOn />,
  <SelectInput key="courseId" source="courseId" choices={courseChoices} alwaysOn />,
  <NullableBooleanInput key="published" source="published" />,
  <NullableBooleanInput key="hasVideo" source="hasVideo" />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="Ny modul" />
    </TopToolbar>
  );
}

export function ModuleList() {
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'courseId', order: 'ASC' }} perPage={50} exporter={false}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="courseId" render={(m: AdminModule) => label(COURSE_LABELS, m.courseId)} />
        <DataTable.NumberCol source="position" />
        <DataTable.Col source="title" />
        <DataTable.NumberCol source="durationMinutes" />
        <DataTable.Col source="videoId" disableSort render={(m: AdminModule) => m.videoId ?? '–'} />
        <DataTable.Col source="published" render={(m: AdminModule) => (m.published ? 'Ja' : 'Nei')} />
      </DataTable>
    </List>
  );
}
