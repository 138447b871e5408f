import CancelIcon from '@mui/icons-material/Cancel';
import EditIcon from '@mui/icons-material/Edit';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminBroadcast } from '@academy/contracts';
import { BROADCAST_STATUS_LABELS, variantLabel } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { Show, useGetIdentity, useNotify, useRecordContext, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { ConfirmButton } from '../lib/ConfirmButton';
import { BackToListActions } from '../lib/ShowParts';
import { useNotifyingAction } from '../lib/useNotifyingAction';
import { cancelBroadcast, sendBroadcast, sendTest } from './api';
import { AUDIENCE_CHOICES, PreviewPane } from './BroadcastForm';
import { formatDateTime } from '../lib/format';
import { COURSE_LABELS, label as labelOf } from '../lib/labels';
import { fullRecord } from '../lib/fullRecord';

const courseName = (id: string) => labelOf(COURSE_LABELS, id);

function segmentText(b: AdminBroadcast): string {
  const s = b.segment ?? { audience: 'all' };
  const parts = [AUDIENCE_CHOICES.find((a) => a.id === s.audience)?.name ?? s.audience];
  if (s.variants?.length) parts.push(`variant ${s.variants.map(variantLabel).join(', ')}`);
  if (s.owns?.length) parts.push(`eier ${s.owns.map(courseName).join(', ')}`);
  if (s.notOwns?.length) parts.push(`eier ikke ${s.notOwns.map(courseName).join(', ')}`);
  if (s.from || s.to) parts.push(`påmeldt ${s.from ?? '…'} – ${s.to ?? '…'}`);
  return parts.join(' · ');
}

function Counts() {
  const b = useRecordContext<AdminBroadcast>();
  if (!b) return null;
  return (
    <Stack direction="row" spacing={4} useFlexGap sx={{ my: 2, flexWrap: 'wrap', rowGap: 1 }} data-testid="broadcast-counts">
      {(
        [
          ['Status', BROADCAST_STATUS_LABELS[b.status]],
          ['Mottakere', b.recipients],
          ['Sendt', b.sent],
          ['Feilet', b.failed],
          ['Venter', b.pending],
        ] as const
      ).map(([label, value]) => (
        <Box key={label}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6" data-testid={`count-${label}`}>
            {value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function TestMail() {
  const translate = useTranslate();
  const b = useRecordContext<AdminBroadcast>();
  const { data: me } = useGetIdentity();
  const [email, setEmail] = useState<string | null>(null);
  const notify = useNotify();
  const { busy, run } = useNotifyingAction();
  if (!b) return null;
  const to = email ?? (typeof me?.fullName === 'string' ? me.fullName : '');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ my: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        label={translate('panel.broadcasts.sendTestTil')}
        value={to}
        onChange={(e) => setEmail(e.target.value)}
        type="email"
      />
      <Button
        startIcon={<SendIcon />}
        disabled={busy || !to}
        onClick={() =>
          void run(async () => {
            await sendTest(Number(b.id), to);
            notify(`Testen er sendt til ${to}`, { type: 'success' });
          })
        }
      >
        Send test
      </Button>
    </Stack>
  );
}

function SendActions() {
  const translate = useTranslate();
  const b = useRecordContext<AdminBroadcast>();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const notify = useNotify();
  const [at, setAt] = useState('');
  if (!b) return null;
  if (b.status === 'scheduled')
    return (
      <ConfirmButton
        label="panel.broadcasts.avbrytUtsendelsen"
        icon={<CancelIcon />}
        color="error"
        title="Avbryte den planlagte utsendelsen?"
        content="Ingen får den. Utsendelsen blir stående som avbrutt."
        confirmLabel="Avbryt utsendelsen"
        onConfirm={async () => {
          await cancelBroadcast(Number(b.id));
          refresh();
        }}
      />
    );
  if (b.status !== 'draft') return null;
  return (
    <Stack direction="row" spacing={2} sx={{ my: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button startIcon={<EditIcon />} onClick={() => redirect('edit', 'broadcasts', b.id)}>
        Rediger
      </Button>
      <ConfirmButton
        label="panel.broadcasts.sendNa"
        icon={<SendIcon />}
        title="Sende utsendelsen nå?"
        content={`Den går til ${b.recipients} mottakere, litt etter litt. Den kan ikke stoppes når den er i gang.`}
        confirmLabel="Send nå"
        onConfirm={async () => {
          await sendBroadcast(Number(b.id));
          notify('Utsendelsen er i gang', { type: 'success' });
          refresh();
        }}
      />
      <TextField
        size="small"
        type="datetime-local"
        label={translate('panel.broadcasts.planleggNorskTid')}
        value={at}
        onChange={(e) => setAt(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <ConfirmButton
        label="panel.broadcasts.planlegg"
        icon={<ScheduleSendIcon />}
        disabled={!at}
        title="Planlegge utsendelsen?"
        content={`Den sendes ${at.replace('T', ' kl. ')}.`}
        confirmLabel="Planlegg"
        onConfirm={async () => {
          await sendBroadcast(Number(b.id), new Date(at).toISOString());
          refresh();
        }}
      />
    </Stack>
  );
}

function Body() {
  const b = useRecordContext<AdminBroadcast>();
  // While it is going out, and until the outbox has sent or given up on every mail of it (the
  // broadcast is done when the last one is queued), the numbers update by themselves.
  const refresh = useRefresh();
  const active = b?.status === 'sending' || b?.status === 'scheduled' || (b?.pending ?? 0) > 0;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(refresh, 3000);
    return () => clearInterval(timer);
  }, [active, refresh]);
  if (!b) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5">{b.subject}</Typography>
      <Typography color="text.secondary">{segmentText(b)}</Typography>
      {b.sendAt && (
        <Typography color="text.secondary">
          {b.status === 'scheduled' ? 'Planlagt' : 'Startet'}: {formatDateTime(b.sendAt)}
        </Typography>
      )}
      <Counts />
      {b.status === 'draft' && (
        <Alert severity="info">Se over forhåndsvisningen, send en test til deg selv, og send eller planlegg utsendelsen.</Alert>
      )}
      <TestMail />
      <SendActions />
      <PreviewPane subject={b.subject} body={b.body} utm={b.utm} />
    </Box>
  );
}

export function BroadcastShow() {
  return (
    <Show queryOptions={fullRecord} actions={<BackToListActions label="panel.broadcasts.alleUtsendelser" />} component="div">
      <Body />
    </Show>
  );
}
