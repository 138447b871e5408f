import type { AdminAuditEntry } from '@academy/contracts';
import { FunctionField, Labeled, Link, Show, SimpleShowLayout, TextField, useCreatePath, useRecordContext } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { ACTION_LABELS, ENTITY_LABELS, label } from '../lib/labels';
import { BackToListActions } from '../lib/ShowParts';
import { fullRecord } from '../lib/fullRecord';
import { AuditChanges, ENTITY_RESOURCES } from './AuditChanges';

/** What was changed, linked to its page when the record is still there to open (a deleted one is not). */
function RecordLink() {
  const r = useRecordContext<AdminAuditEntry>();
  const createPath = useCreatePath();
  if (!r) return null;
  const name = `${label(ENTITY_LABELS, r.entity)}${r.entityId ? ` ${r.entityId}` : ''}`;
  const resource = ENTITY_RESOURCES[r.entity];
  const gone = /\.delete$|deleted/.test(r.action);
  if (r.entity === 'settings') return <Link to="/admin/settings">{name}</Link>;
  if (!resource || !r.entityId || gone) return <span>{name}</span>;
  const edit = ['courses', 'modules', 'campaign-codes', 'live-sessions', 'sequences'].includes(resource);
  return <Link to={createPath({ resource, id: r.entityId, type: edit ? 'edit' : 'show' })}>{name}</Link>;
}

export function AuditLogShow() {
  return (
    <Show queryOptions={fullRecord} actions={<BackToListActions label="panel.auditLog.tilbakeTilLoggen" />}>
      <SimpleShowLayout>
        <DateTimeField source="createdAt" />
        <TextField source="actorEmail" emptyText="Systemet" />
        <FunctionField<AdminAuditEntry> source="action" render={(r) => label(ACTION_LABELS, r.action)} />
        <Labeled source="entity">
          <RecordLink />
        </Labeled>
        <FunctionField<AdminAuditEntry>
          label="panel.auditLog.endringer"
          render={(r) => <AuditChanges entity={r.entity} before={r.before} after={r.after} />}
        />
      </SimpleShowLayout>
    </Show>
  );
}
