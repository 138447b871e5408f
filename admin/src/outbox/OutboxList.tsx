import type { AdminOutboxMessage } from '@academy/contracts';
import { AutocompleteInput, DataTable, ReferenceInput } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { choiceFilter, searchFilter } from '../lib/filters';
import { phoneLine, ResourceList } from '../lib/ResourceList';
import { kindChoices, kindLabel, OutboxStatusChip, statusChoices } from './OutboxStatus';
import { OUTBOX_STATUS_LABELS } from '@academy/contracts';
import { formatDateTime } from '../lib/format';

/** What GET /api/admin/outbox filters on: address or subject, status, kind, and the student it went to. */
const filters = [
  searchFilter('Søk på adresse eller emne'),
  choiceFilter('status', statusChoices, { alwaysOn: true }),
  choiceFilter('kind', kindChoices),
  <ReferenceInput key="userId" source="userId" reference="users">
    <AutocompleteInput />
  </ReferenceInput>,
];

/** 'Utgående e-post': newest first, with the delivery status and the attempts so far. */
export function OutboxList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      phone={{
        primary: (r: AdminOutboxMessage) => r.subject,
        secondary: (r) => phoneLine(r.toAddress, OUTBOX_STATUS_LABELS[r.status] ?? r.status),
        tertiary: (r) => formatDateTime(r.createdAt),
      }}
    >
      <DataTable.Col source="createdAt" field={DateTimeField} />
      <DataTable.Col source="kind" render={(r: AdminOutboxMessage) => kindLabel(r.kind)} />
      <DataTable.Col source="toAddress" />
      <DataTable.Col source="subject" disableSort />
      <DataTable.Col source="status" render={(r: AdminOutboxMessage) => <OutboxStatusChip status={r.status} />} />
      <DataTable.NumberCol source="attempts" />
      <DataTable.Col source="sentAt" field={DateTimeField} />
    </ResourceList>
  );
}
