import type { AdminOutboxMessage } from '@academy/contracts';
import { DataTable, DateField, List, SearchInput, SelectInput } from 'react-admin';
import { kindChoices, kindLabel, OutboxStatusChip, statusChoices } from './OutboxStatus';

const filters = [
  <SearchInput key="q" source="q" placeholder="Søk på adresse eller emne" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn />,
  <SelectInput key="kind" source="kind" label="Type" choices={kindChoices} />,
];

/** 'Utgående e-post': newest first, with status and attempts. */
export function OutboxList() {
  return (
    <List title="Utgående e-post" filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col
          source="createdAt"
          label="Opprettet"
          render={() => <DateField source="createdAt" showTime locales="nb-NO" />}
        />
        <DataTable.Col source="kind" label="Type" render={(r: AdminOutboxMessage) => kindLabel(r.kind)} />
        <DataTable.Col source="toAddress" label="Til" />
        <DataTable.Col source="subject" label="Emne" disableSort />
        <DataTable.Col source="status" label="Status" render={(r: AdminOutboxMessage) => <OutboxStatusChip record={r} />} />
        <DataTable.NumberCol source="attempts" label="Forsøk" />
        <DataTable.Col
          source="sentAt"
          label="Sendt"
          render={(r: AdminOutboxMessage) => (r.sentAt ? <DateField source="sentAt" showTime locales="nb-NO" /> : '–')}
        />
      </DataTable>
    </List>
  );
}
