import type { AdminAuditEntry } from '@academy/contracts';
import {
  DataTable,
  DateInput,
  FilterButton,
  List,
  NumberInput,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { formatDateTime } from '../lib/format';
import { ACTION_LABELS, actionChoices, ENTITY_LABELS, entityChoices, label } from '../lib/labels';

const filters = [
  <SearchInput key="q" source="q" placeholder="Søk" alwaysOn />,
  <SelectInput key="entity" source="entity" choices={entityChoices} alwaysOn />,
  <SelectInput key="action" source="action" choices={actionChoices} />,
  <TextInput key="actorEmail" source="actorEmail" />,
  <NumberInput key="actorId" source="actorId" />,
  <TextInput key="entityId" source="entityId" />,
  <DateInput key="createdFrom" source="createdFrom" />,
  <DateInput key="createdTo" source="createdTo" />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
    </TopToolbar>
  );
}

export function AuditLogList() {
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={50}
      exporter={false}
      empty={false}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" render={(r: AdminAuditEntry) => formatDateTime(r.createdAt)} />
        <DataTable.Col source="actorEmail" />
        <DataTable.Col source="action" render={(r: AdminAuditEntry) => label(ACTION_LABELS, r.action)} />
        <DataTable.Col source="entity" render={(r: AdminAuditEntry) => label(ENTITY_LABELS, r.entity)} />
        <DataTable.Col source="entityId" disableSort />
      </DataTable>
    </List>
  );
}
