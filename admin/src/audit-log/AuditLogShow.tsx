import type { AdminAuditEntry } from '@academy/contracts';
import { FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { ACTION_LABELS, ENTITY_LABELS, label } from '../lib/labels';
import { BackToListActions, Preformatted } from '../lib/ShowParts';
import { fullRecord } from '../lib/fullRecord';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>–</span>;
  return <Preformatted>{JSON.stringify(value, null, 2)}</Preformatted>;
}

export function AuditLogShow() {
  return (
    <Show queryOptions={fullRecord} actions={<BackToListActions label="Tilbake til loggen" />}>
      <SimpleShowLayout>
        <DateTimeField source="createdAt" />
        <TextField source="actorEmail" emptyText="–" />
        <FunctionField<AdminAuditEntry> source="action" render={(r) => label(ACTION_LABELS, r.action)} />
        <FunctionField<AdminAuditEntry> source="entity" render={(r) => `${label(ENTITY_LABELS, r.entity)} ${r.entityId ?? ''}`} />
        <FunctionField<AdminAuditEntry> source="before" render={(r) => <Json value={r.before} />} />
        <FunctionField<AdminAuditEntry> source="after" render={(r) => <Json value={r.after} />} />
      </SimpleShowLayout>
    </Show>
  );
}
