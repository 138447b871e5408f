import {
  MENTOR_BODY_MAX_LENGTH,
  MENTOR_IMAGE_TYPES,
  MENTOR_STATUS_LABELS,
  type AdminMentorThreadDetail,
  type MentorThreadStatus,
} from '@academy/contracts';
import { Box, Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Labeled, Show, SimpleShowLayout, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { DateTimeField } from '../lib/fields';
import { formatDateTime } from '../lib/format';
import { fullRecord } from '../lib/fullRecord';
import { errorMessage } from '../lib/http';
import { BackToListActions, ShowLink } from '../lib/ShowParts';

function Conversation({ t }: { t: AdminMentorThreadDetail }) {
  return (
    <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 760 }}>
      {t.messages.map((m) => (
        <Box
          component="li"
          key={m.id}
          data-testid={`inbox-message-${m.author}`}
          sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, borderLeftWidth: m.author === 'mentor' ? 4 : 1 }}
        >
          <Typography variant="caption" component="p">
            {m.author === 'mentor' ? `Mentor (${m.authorName})` : m.authorName} · {formatDateTime(m.createdAt)}
          </Typography>
          <Box sx={{ '& p': { mt: 0 }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: m.bodyHtml }} />
          {m.images.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mt: 1 }}>
              {m.images.map((img, i) => (
                <a key={img.id} href={img.url} target="_blank" rel="noopener">
                  <img
                    src={img.thumbUrl}
                    alt={`Chart ${i + 1} (${img.width} × ${img.height}), åpnes i full størrelse`}
                    style={{ maxWidth: 240, height: 'auto', display: 'block' }}
                  />
                </a>
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function AnswerForm({ t }: { t: AdminMentorThreadDetail }) {
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const [body, setBody] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  // The file field shows what will be sent: emptied with the state once the answer has gone.
  const fileInput = useRef<HTMLInputElement>(null);
  const send = async () => {
    setBusy(true);
    try {
      await dp.answerMentorThread(t.id, body, image);
      notify('Svaret er sendt, og eleven får e-post', { type: 'success' });
      setBody('');
      setImage(null);
      if (fileInput.current) fileInput.current.value = '';
      refresh();
    } catch (e) {
      notify(errorMessage(e, 'Kunne ikke sende svaret'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ maxWidth: 720 }}>
      <MuiTextField
        label="Svar (Markdown)"
        multiline
        minRows={4}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        slotProps={{ htmlInput: { maxLength: MENTOR_BODY_MAX_LENGTH } }}
      />
      <Box>
        <Typography component="label" variant="body2" htmlFor="mentor-answer-image">
          Bilde (valgfritt, PNG, JPEG eller WebP, høyst 8 MB)
        </Typography>
        <input
          id="mentor-answer-image"
          ref={fileInput}
          type="file"
          accept={MENTOR_IMAGE_TYPES.join(',')}
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
          style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
        />
      </Box>
      <Box>
        <Button variant="contained" onClick={() => void send()} disabled={busy || !body.trim()}>
          Send svar
        </Button>
      </Box>
    </Stack>
  );
}

function StatusButtons({ t }: { t: AdminMentorThreadDetail }) {
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const set = async (status: MentorThreadStatus) => {
    try {
      await dp.setMentorThreadStatus(t.id, status);
      notify(`Status: ${MENTOR_STATUS_LABELS[status].toLowerCase()}`, { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorMessage(e, 'Endringen ble ikke lagret'), { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {t.status !== 'closed' ? (
        <Button variant="outlined" onClick={() => void set('closed')}>
          Lukk tråden
        </Button>
      ) : (
        <Button variant="outlined" onClick={() => void set('waiting')}>
          Åpne igjen
        </Button>
      )}
    </Stack>
  );
}

function Details() {
  const t = useRecordContext<AdminMentorThreadDetail>();
  if (!t) return null;
  return (
    <SimpleShowLayout>
      <Labeled label="Status">
        <span data-testid="inbox-status">{MENTOR_STATUS_LABELS[t.status]}</span>
      </Labeled>
      <Labeled label="Elev">
        {t.userId === null ? (
          <span>{t.studentName}</span>
        ) : (
          <ShowLink resource="users" id={t.userId}>
            {t.studentEmail ?? t.studentName}
          </ShowLink>
        )}
      </Labeled>
      <DateTimeField source="createdAt" />
      <Typography variant="subtitle2" component="h2">
        Samtalen
      </Typography>
      <Conversation t={t} />
      {t.status !== 'closed' && (
        <Typography variant="subtitle2" component="h2">
          Svar
        </Typography>
      )}
      {t.status !== 'closed' && <AnswerForm t={t} />}
      <StatusButtons t={t} />
    </SimpleShowLayout>
  );
}

export function MentorThreadShow() {
  return (
    <Show queryOptions={fullRecord} actions={<BackToListActions label="Hele innboksen" />}>
      <Details />
    </Show>
  );
}
