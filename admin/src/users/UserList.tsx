import type { AdminUser } from '@academy/contracts';
import {
  CreateButton,
  DataTable,
  DateInput,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { formatDateTime } from '../lib/format';
import { COURSE_LABELS, courseChoices, label, ROLE_LABELS, roleChoices, VARIANT_LABELS, variantChoices } from '../lib/labels';

const filters = [
  <SearchInput key="q" source="q" placeholder="Søk på e-post eller navn" alwaysOn />,
  <SelectInput key="courseId" source="courseId" choices={courseChoices} alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices} />,
  <SelectInput key="trafficSource" source="trafficSource" choices={variantChoices} />,
  <NullableBooleanInput key="hasPassword" source="hasPassword" />,
  <DateInput key="createdFrom" source="createdFrom" />,
  <DateInput key="createdTo" source="createdTo" />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="Ny elev" />
    </TopToolbar>
  );
}

export function UserList() {
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" render={(r: AdminUser) => formatDateTime(r.createdAt)} />
        <DataTable.Col source="email" />
        <DataTable.Col
          source="lastName"
          label="Navn"
          render={(r: AdminUser) => [r.firstName, r.lastName].filter(Boolean).join(' ') || '–'}
        />
        <DataTable.Col source="role" render={(r: AdminUser) => label(ROLE_LABELS, r.role)} />
        <DataTable.Col
          source="courses"
          disableSort
          render={(r: AdminUser) => r.courses.map((c) => label(COURSE_LABELS, c)).join(', ') || '–'}
        />
        <DataTable.Col
          source="trafficSource"
          render={(r: AdminUser) => (r.trafficSource ? label(VARIANT_LABELS, r.trafficSource) : '–')}
        />
        <DataTable.Col source="passwordSet" disableSort render={(r: AdminUser) => (r.passwordSet ? 'Ja' : 'Nei')} />
      </DataTable>
    </List>
  );
}
