import { QUESTION_MAX_LENGTH, QUESTION_STATUS_LABELS, type AdminQuestion } from '@academy/contracts';
import { Button } from '@mui/material';
import { Labeled, Show, TextField, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { ConfirmButton } from '../lib/ConfirmButton';
import { DateTimeField } from '../lib/fields';
import { fullRecord } from '../lib/fullRecord';
import { MessageActions, MessageLayout, RenderedHtml, ReplyBox } from '../lib/MessageShow';
import { BackToListActions } from '../lib/ShowParts';
import { useNotifyingAction } from '../lib/useNotifyingAction';

/** Pin, hide or delete the question. */
function Moderation({ q }: { q: AdminQuestion }) {
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { run } = useNotifyingAction('Endringen ble ikke lagret');
  const change = (changes: { hidden?: boolean; pinned?: boolean }, done: string) =>
    run(async () => {
      await dp.moderateQuestion(q.id, changes);
      notify(done, { type: 'success' });
      refresh();
    });
  return (
    <MessageActions>
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
        label="panel.questions.slett"
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
    </MessageActions>
  );
}

function Details() {
  const dp = useAdminData();
  const q = useRecordContext<AdminQuestion>();
  if (!q) return null;
  const answered = q.status === 'answered';
  return (
    <MessageLayout
      status={
        <span>
          {QUESTION_STATUS_LABELS[q.status]}
          {q.hidden ? ' · skjult' : ''}
          {q.pinned ? ' · festet' : ''}
        </span>
      }
      about={
        <Labeled label="panel.questions.kursOgModul">
          <span>
            {q.courseTitle} · {q.moduleTitle}
          </span>
        </Labeled>
      }
      student={{ userId: q.userId, email: q.askerEmail, name: q.askerName }}
      conversation={[
        <Labeled key="question" label="panel.common.sporsmal">
          <RenderedHtml html={q.bodyHtml} />
        </Labeled>,
        ...(q.answerHtml
          ? [
              <Labeled key="answer" label="panel.questions.svaretSomVises">
                <RenderedHtml html={q.answerHtml} />
              </Labeled>,
            ]
          : []),
        ...(q.answeredAt ? [<DateTimeField key="answeredAt" source="answeredAt" />] : []),
      ]}
      replyTitle={answered ? 'Endre svaret' : 'Svar'}
      reply={
        <ReplyBox
          key={`${q.id}-${q.answeredAt ?? ''}`}
          initial={q.answerBody ?? ''}
          maxLength={QUESTION_MAX_LENGTH}
          submitLabel={answered ? 'Lagre svaret' : 'Send svar'}
          failed="Kunne ikke lagre svaret"
          keepText
          send={async (body) => {
            await dp.answerQuestion(q.id, body);
            return answered ? 'Svaret er endret' : 'Svaret er sendt, og eleven får e-post';
          }}
        />
      }
      actions={<Moderation q={q} />}
      footer={<TextField source="id" />}
    />
  );
}

export function QuestionShow() {
  return (
    <Show queryOptions={fullRecord} actions={<BackToListActions label="panel.questions.alleSporsmal" />}>
      <Details />
    </Show>
  );
}
