import type { AdminSequence } from '@academy/contracts';
import { triggerText } from './triggerText';
import { DataTable } from 'react-admin';
import { searchFilter } from '../lib/filters';
import { phoneLine, ResourceList } from '../lib/ResourceList';

const filters = [searchFilter('Søk i navn')];

export function SequenceList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'id', order: 'ASC' }}
      rowClick="edit"
      createLabel="Ny sekvens"
      phone={{
        primary: (s: AdminSequence) => s.name,
        secondary: (s) => phoneLine(triggerText(s), `${s.steps.length} steg`, `${s.enrolled} påmeldt`),
        tertiary: (s) => (s.active ? 'Aktiv' : 'Av'),
      }}
    >
      <DataTable.Col source="name" />
      <DataTable.Col source="trigger" disableSort render={(s: AdminSequence) => triggerText(s)} />
      <DataTable.Col source="active" disableSort render={(s: AdminSequence) => (s.active ? 'Ja' : 'Nei')} />
      <DataTable.NumberCol source="enrolled" disableSort />
      <DataTable.Col source="steps" disableSort render={(s: AdminSequence) => `${s.steps.length} steg`} />
      <DataTable.Col
        source="sent"
        disableSort
        render={(s: AdminSequence) => s.steps.map((st) => `${st.sent}/${st.waiting}/${st.stopped}`).join(' · ')}
      />
    </ResourceList>
  );
}
