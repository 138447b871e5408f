import Box from '@mui/material/Box';
import type { AdminOutboxMessageDetail } from '@academy/contracts';
import { DateField, FunctionField, ListButton, NumberField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { kindLabel, OutboxStatusChip } from './OutboxStatus';
import { ResendButton } from './ResendButton';

function Actions() {
  return (
    <TopToolbar>
      <ListButton label="Tilbake til listen" />
      <ResendButton />
    </TopToolbar>
  );
}

/** One message: envelope, delivery state and the plain-text part (one-time links hidden by the API). */
export function OutboxShow() {
  return (
    <Show title="E-post" actions={<Actions />}>
      <SimpleShowLayout>
        <TextField source="id" label="Nr." />
        <FunctionField<AdminOutboxMessageDetail> label="Type" render={(r) => kindLabel(r.kind)} />
        <TextField source="toAddress" label="Til" />
        <TextField source="subject" label="Emne" />
        <FunctionField<AdminOutboxMessageDetail> label="Status" render={(r) => <OutboxStatusChip record={r} />} />
        <NumberField source="attempts" label="Forsøk" />
        <DateField source="createdAt" label="Opprettet" showTime locales="nb-NO" />
        <DateField source="nextAttemptAt" label="Neste forsøk" showTime locales="nb-NO" />
        <DateField source="sentAt" label="Sendt" showTime locales="nb-NO" emptyText="–" />
        <TextField source="lastError" label="Siste feil" emptyText="–" />
        <FunctionField<AdminOutboxMessageDetail>
          label="Tekst"
          render={(r) => (
            <Box
              component="pre"
              sx={{
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                fontFamily: 'monospace',
                fontSize: 13,
                m: 0,
                p: 2,
                bgcolor: 'action.hover',
                borderRadius: 1,
              }}
            >
              {r.textBody}
            </Box>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}
