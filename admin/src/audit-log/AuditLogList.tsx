import type { AdminAuditEntry } from '@academy/contracts';
import { DataTable, NumberInput, TextInput } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { choiceFilter, dayRangeFilters, searchFilter } from '../lib/filters';
import { ACTION_LABELS, actionChoices, ENTITY_LABELS, entityChoices, label } from '../lib/labels';
import { phoneLine, ResourceList } from '../lib/ResourceList';
import { formatDateTime } from '../lib/format';

const filters = [
  searchFilter('Søk'),
  choiceFilter('entity', entityChoices, { alwaysOn: true }),
  choiceFilter('action', actionChoices),
  <TextInput key="actorEmail" source="actorEmail" />,
  <NumberInput key="actorId" source="actorId" />,
  <TextInput key="entityId" source="entityId" />,
  ...dayRangeFilters(),
];

export function AuditLogList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={50}
      phone={{
        primary: (r: AdminAuditEntry) => label(ACTION_LABELS, r.action),
        secondary: (r) => phoneLine(r.actorEmail ?? 'Systemet', `${label(ENTITY_LABELS, r.entity)} ${r.entityId ?? ''}`),
        tertiary: (r) => formatDateTime(r.createdAt),
      }}
    >
      <DataTable.Col source="createdAt" field={DateTimeField} />
      <DataTable.Col source="actorEmail" />
      <DataTable.Col source="action" render={(r: AdminAuditEntry) => label(ACTION_LABELS, r.action)} />
      <DataTable.Col source="entity" render={(r: AdminAuditEntry) => label(ENTITY_LABELS, r.entity)} />
      <DataTable.Col source="entityId" disableSort />
    </ResourceList>
  );
}
