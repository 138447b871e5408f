import type { AdminSequence } from '@academy/contracts';
import { SEQUENCE_TRIGGER_LABELS } from '@academy/contracts';
import { DataTable } from 'react-admin';
import { searchFilter } from '../lib/filters';
import { ResourceList } from '../lib/ResourceList';

const filters = [searchFilter('Søk i navn')];

export function SequenceList() {
  return (
    <ResourceList filters={filters} sort={{ field: 'id', order: 'ASC' }} rowClick="edit" createLabel="Ny sekvens">
      <DataTable.Col source="name" />
      <DataTable.Col
        source="trigger"
        disableSort
        render={(s: AdminSequence) => `${SEQUENCE_TRIGGER_LABELS[s.trigger]}${s.triggerValue ? ` (${s.triggerValue})` : ''}`}
      />
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
