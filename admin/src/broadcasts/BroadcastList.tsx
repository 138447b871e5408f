import type { AdminBroadcast } from '@academy/contracts';
import { BROADCAST_STATUS_LABELS } from '@academy/contracts';
import { DataTable } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { choiceFilter, searchFilter } from '../lib/filters';
import { phoneLine, ResourceList } from '../lib/ResourceList';
import { STATUS_CHOICES } from './api';
import { formatDateTime } from '../lib/format';

const filters = [searchFilter('Søk i emne'), choiceFilter('status', STATUS_CHOICES, { alwaysOn: true })];

export function BroadcastList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      rowClick="show"
      createLabel="Ny utsendelse"
      phone={{
        primary: (b: AdminBroadcast) => b.subject,
        secondary: (b) => phoneLine(BROADCAST_STATUS_LABELS[b.status], `${b.sent} av ${b.recipients} sendt`),
        tertiary: (b) => formatDateTime(b.sendAt ?? b.createdAt),
      }}
    >
      <DataTable.Col source="subject" />
      <DataTable.Col source="status" render={(b: AdminBroadcast) => BROADCAST_STATUS_LABELS[b.status]} />
      <DataTable.NumberCol source="recipients" disableSort />
      <DataTable.NumberCol source="sent" disableSort />
      <DataTable.NumberCol source="failed" disableSort />
      <DataTable.NumberCol source="pending" disableSort />
      <DataTable.Col source="sendAt" field={DateTimeField} />
      <DataTable.Col source="createdAt" field={DateTimeField} />
    </ResourceList>
  );
}
