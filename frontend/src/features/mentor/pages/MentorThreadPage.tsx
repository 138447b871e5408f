import { MENTOR_BODY_MAX_LENGTH, MENTOR_MAX_IMAGES, type MeResponse } from '@academy/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { BackLink } from '../../../components/BackButton';
import { Button } from '../../../components/Button';
import { StatusMessage, type FormStatus } from '../../../components/Form';
import { LoadingStatus, MemberEmpty, MemberPage } from '../../../components/MemberShell';
import { RequireAuth } from '../../../components/RequireAuth';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { useMentorThread, useReply } from '../api/threads';
import { ImagePicker } from '../components/ImagePicker';
import { MentorMessages, StatusBadge } from '../components/MentorMessages';
import './MentorPage.css';

function Reply({ threadId }: { threadId: number }) {
  const reply = useReply(threadId);
  const [body, setBody] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [status, setStatus] = useState<FormStatus>(null);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setStatus({ kind: 'error', text: 'Skriv en melding.' });
    setStatus(null);
    reply.mutate(
      { body, images },
      {
        onSuccess: () => {
          setBody('');
          setImages([]);
          setStatus({ kind: 'success', text: 'Sendt. Du får e-post når mentoren har svart.' });
        },
        onError: (err) =>
          setStatus({ kind: 'error', text: err instanceof ApiError ? err.message : 'Kunne ikke sende meldingen.' }),
      },
    );
  };
  return (
    <form className="mentor-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-body`} className="field__label">
        Skriv til mentoren
      </label>
      <textarea
        id={`${id}-body`}
        className="input mentor-form__text"
        rows={4}
        maxLength={MENTOR_BODY_MAX_LENGTH}
        value={body}
        onChange={(e) => setBody(e.target.value)}
      />
      <ImagePicker
        id={`${id}-images`}
        max={MENTOR_MAX_IMAGES}
        files={images}
        onChange={setImages}
        onProblem={(text) => setStatus(text ? { kind: 'error', text } : null)}
      />
      <StatusMessage status={status} />
      <Button type="submit" disabled={reply.isPending}>
        {reply.isPending ? 'SENDER...' : 'Send'}
      </Button>
    </form>
  );
}

function Thread({ me, threadId }: { me: MeResponse; threadId: number }) {
  const q = useMentorThread(threadId);
  const back = <BackLink to={paths.mentorInbox.href()} label="Alle tråder" />;
  return (
    <MemberPage header={<span className="member-header__email">{me.email}</span>}>
      <Seo title={q.data ? q.data.title : 'Mentor'} noindex />
      <div className="container container--narrow mentor">
        {q.isPending && (
          <>
            {back}
            <LoadingStatus text="Henter tråden..." />
          </>
        )}
        {q.isError && (
          <MemberEmpty icon="alert" title="Fant ikke tråden">
            <p>{q.error instanceof ApiError ? q.error.message : 'Prøv igjen.'}</p>
            {back}
          </MemberEmpty>
        )}
        {q.data && (
          <>
            {back}
            <h1 className="mentor__title">{q.data.title}</h1>
            <p className="mentor__status" data-testid="mentor-thread-status">
              <StatusBadge status={q.data.status} />
            </p>
            <MentorMessages messages={q.data.messages} />
            {q.data.status === 'closed' ? (
              <p className="mentor__closed">Tråden er lukket. Start en ny tråd for nye spørsmål.</p>
            ) : (
              <Reply threadId={threadId} />
            )}
          </>
        )}
      </div>
    </MemberPage>
  );
}

/** `/mentor/:threadId`: one conversation with the mentor, with the chart images, and a reply. */
export default function MentorThreadPage() {
  const { threadId } = useParams();
  const id = Number(threadId);
  return <RequireAuth>{(me) => <Thread me={me} threadId={Number.isInteger(id) && id > 0 ? id : 0} />}</RequireAuth>;
}
