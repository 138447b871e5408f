import {
  MENTOR_BODY_MAX_LENGTH,
  MENTOR_IMAGE_TYPES,
  MENTOR_STATUS_LABELS,
  type AdminMentorThreadDetail,
  type MentorThreadStatus,
} from '@academy/contracts';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Show, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { formatDateTime } from '../lib/format';
import { fullRecord } from '../lib/fullRecord';
import { MessageActions, MessageLayout, ReplyBox } from '../lib/MessageShow';
import { BackToListActions } from '../lib/ShowParts';
import { useNotifyingAction } from '../lib/useNotifyingAction';

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

/** Close or reopen the thread. */
function StatusButtons({ t }: { t: AdminMentorThreadDetail }) {
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const { run } = useNotifyingAction('Endringen ble ikke lagret');
  const set = (status: MentorThreadStatus) =>
    run(async () => {
      await dp.setMentorThreadStatus(t.id, status);
      notify(`Status: ${MENTOR_STATUS_LABELS[status].toLowerCase()}`, { type: 'success' });
      refresh();
    });
  return (
    <MessageActions>
      {t.status !== 'closed' ? (
        <Button variant="outlined" onClick={() => void set('closed')}>
          Lukk tråden
        </Button>
      ) : (
        <Button variant="outlined" onClick={() => void set('waiting')}>
          Åpne igjen
        </Button>
      )}
    </MessageActions>
  );
}

function Details() {
  const dp = useAdminData();
  const t = useRecordContext<AdminMentorThreadDetail>();
  if (!t) return null;
  const open = t.status !== 'closed';
  return (
    <MessageLayout
      status={<span data-testid="inbox-status">{MENTOR_STATUS_LABELS[t.status]}</span>}
      student={{ userId: t.userId, email: t.studentEmail, name: t.studentName }}
      conversation={[
        <Typography key="title" variant="subtitle2" component="h2">
          Samtalen
        </Typography>,
        <Conversation key="messages" t={t} />,
      ]}
      replyTitle={open ? 'Svar' : null}
      reply={
        open ? (
          <ReplyBox
            maxLength={MENTOR_BODY_MAX_LENGTH}
            submitLabel="Send svar"
            failed="Kunne ikke sende svaret"
            image={{
              id: 'mentor-answer-image',
              label: 'Bilde (valgfritt, PNG, JPEG eller WebP, høyst 8 MB)',
              accept: MENTOR_IMAGE_TYPES.join(','),
            }}
            send={async (body, image) => {
              await dp.answerMentorThread(t.id, body, image);
              return 'Svaret er sendt, og eleven får e-post';
            }}
          />
        ) : null
      }
      actions={<StatusButtons t={t} />}
    />
  );
}

export function MentorThreadShow() {
  return (
    <Show queryOptions={fullRecord} actions={<BackToListActions label="panel.mentorThreads.heleInnboksen" />}>
      <Details />
    </Show>
  );
}
