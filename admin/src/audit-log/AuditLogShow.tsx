import Box from '@mui/material/Box';
import type { AdminAuditEntry } from '@academy/contracts';
import { FunctionField, ListButton, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { ACTION_LABELS, ENTITY_LABELS, label } from '../lib/labels';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>–</span>;
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

export function AuditLogShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ListButton label="Tilbake til loggen" />
        </TopToolbar>
      }
    >
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
