import { QUESTION_MAX_LENGTH, QUESTION_STATUS_LABELS, type AdminQuestion } from '@academy/contracts';
import { Box, Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Labeled, Show, SimpleShowLayout, TextField, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { ConfirmButton } from '../lib/ConfirmButton';
import { DateTimeField } from '../lib/fields';
import { fullRecord } from '../lib/fullRecord';
import { BackToListActions, ShowLink } from '../lib/ShowParts';

/** Markdown the server rendered and sanitised (the same HTML the player shows). */
function Rendered({ html }: { html: string }) {
  return <Box sx={{ '& p': { mt: 0 }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

function AnswerForm({ q }: { q: AdminQuestion }) {
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const [body, setBody] = useState(q.answerBody ?? '');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await dp.answerQuestion(q.id, body);
      notify(q.status === 'answered' ? 'Svaret er endret' : 'Svaret er sendt, og eleven får e-post', { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Kunne ikke lagre svaret', { type: 'error' });
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
        slotProps={{ htmlInput: { maxLength: QUESTION_MAX_LENGTH } }}
      />
      <Box>
        <Button variant="contained" onClick={() => void send()} disabled={busy || !body.trim()}>
          {q.status === 'answered' ? 'Lagre svaret' : 'Send svar'}
        </Button>
      </Box>
    </Stack>
  );
}

function Moderation({ q }: { q: AdminQuestion }) {
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const change = async (changes: { hidden?: boolean; pinned?: boolean }, done: string) => {
    try {
      await dp.moderateQuestion(q.id, changes);
      notify(done, { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Endringen ble ikke lagret', { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button
        variant="outlined"
        onClick={() => void change({ pinned: !q.pinned }, q.pinned ? 'Spørsmålet er ikke festet lenger' : 'Spørsmålet er festet')}
      >
        {q.pinned ? 'Løsne' : 'Fest øverst'}
      </Button>
      <Button
        variant="outlined"
        onClick={() => void change({ hidden: !q.hidden }, q.hidden ? 'Spørsmålet vises igjen' : 'Spørsmålet er skjult')}
      >
        {q.hidden ? 'Vis igjen' : 'Skjul'}
      </Button>
      <ConfirmButton
        label="Slett"
        color="error"
        title={`Slette spørsmål ${q.id}?`}
        content="Spørsmålet og svaret forsvinner fra leksjonen for alle. Det kan ikke angres."
        confirmLabel="Slett"
        onConfirm={async () => {
          await dp.delete('questions', { id: q.id, previousData: q });
          notify('Spørsmålet er slettet', { type: 'success' });
          redirect('list', 'questions');
        }}
      />
    </Stack>
  );
}

function Details() {
  const q = useRecordContext<AdminQuestion>();
  if (!q) return null;
  return (
    <SimpleShowLayout>
      <Labeled label="Status">
        <span>
          {QUESTION_STATUS_LABELS[q.status]}
          {q.hidden ? ' · skjult' : ''}
          {q.pinned ? ' · festet' : ''}
        </span>
      </Labeled>
      <Labeled label="Kurs og modul">
        <span>
          {q.courseTitle} · {q.moduleTitle}
        </span>
      </Labeled>
      <Labeled label="Elev">
        {q.userId === null ? (
          <span>{q.askerName}</span>
        ) : (
          <ShowLink resource="users" id={q.userId}>
            {q.askerEmail ?? q.askerName}
          </ShowLink>
        )}
      </Labeled>
      <DateTimeField source="createdAt" />
      <Labeled label="Spørsmål">
        <Rendered html={q.bodyHtml} />
      </Labeled>
      {q.answerHtml ? (
        <Labeled label="Svaret som vises">
          <Rendered html={q.answerHtml} />
        </Labeled>
      ) : null}
      {q.answeredAt ? <DateTimeField source="answeredAt" /> : null}
      <Typography variant="subtitle2" component="h2">
        {q.status === 'answered' ? 'Endre svaret' : 'Svar'}
      </Typography>
      <AnswerForm key={`${q.id}-${q.answeredAt ?? ''}`} q={q} />
      <Moderation q={q} />
      <TextField source="id" />
    </SimpleShowLayout>
  );
}

export function QuestionShow() {
  return (
    <Show queryOptions={fullRecord} actions={<BackToListActions label="Alle spørsmål" />}>
      <Details />
    </Show>
  );
}
