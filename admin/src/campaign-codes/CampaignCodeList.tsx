import type { AdminCampaignCode } from '@academy/contracts';
import { DataTable } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { searchFilter } from '../lib/filters';
import { phoneLine, ResourceList } from '../lib/ResourceList';
import { courseNames, discountText } from './format';

const filters = [searchFilter('Søk etter kode')];

export function CampaignCodeList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      rowClick="edit"
      createLabel="Ny kampanjekode"
      phone={{
        primary: (c: AdminCampaignCode) => c.code,
        secondary: (c) => phoneLine(discountText(c), courseNames(c.courseIds), c.active ? 'aktiv' : 'av'),
        tertiary: (c) => (c.maxUses !== null ? `${c.uses} av ${c.maxUses}` : `${c.uses} brukt`),
      }}
    >
      <DataTable.Col source="code" />
      <DataTable.Col
        source="percentOff"
        label="panel.common.rabatt"
        disableSort
        render={(c: AdminCampaignCode) => discountText(c)}
      />
      <DataTable.Col source="courseIds" disableSort render={(c: AdminCampaignCode) => courseNames(c.courseIds)} />
      <DataTable.Col source="validFrom" field={DateTimeField} />
      <DataTable.Col source="validTo" field={DateTimeField} />
      <DataTable.Col
        source="uses"
        render={(c: AdminCampaignCode) => (c.maxUses !== null ? `${c.uses} av ${c.maxUses}` : String(c.uses))}
      />
      <DataTable.Col source="active" render={(c: AdminCampaignCode) => (c.active ? 'Ja' : 'Nei')} />
    </ResourceList>
  );
}
