import { MENTOR_BODY_MAX_LENGTH, MENTOR_MAX_IMAGES, MENTOR_TITLE_MAX_LENGTH, type MeResponse } from '@academy/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BackLink } from '../../../components/BackButton';
import { Button } from '../../../components/Button';
import { Field, Input, StatusMessage, type FormStatus } from '../../../components/Form';
import { LoadingStatus, MemberPage } from '../../../components/MemberShell';
import { Notice } from '../../../components/Notice';
import { RequireAuth } from '../../../components/RequireAuth';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { Seo } from '../../../lib/head';
import { useMentorThreads, useStartThread } from '../api/threads';
import { ImagePicker } from '../components/ImagePicker';
import { StatusBadge, when } from '../components/MentorMessages';
import './MentorPage.css';

/** 'Ny tråd': a title, a text and up to four charts. */
function NewThread({ disabled }: { disabled: boolean }) {
  const start = useStartThread();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [status, setStatus] = useState<FormStatus>(null);
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setStatus({ kind: 'error', text: 'Gi tråden en tittel.' });
    if (!body.trim()) return setStatus({ kind: 'error', text: 'Skriv en melding.' });
    setStatus(null);
    start.mutate(
      { title, body, images },
      {
        onSuccess: (t) => void navigate(paths.mentorThread.href(t.id)),
        onError: (err) => setStatus({ kind: 'error', text: err instanceof ApiError ? err.message : 'Kunne ikke sende tråden.' }),
      },
    );
  };

  return (
    <form className="mentor-form" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Ny tråd</h2>
      <Field id={`${id}-title`} label="Tittel">
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={MENTOR_TITLE_MAX_LENGTH}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="F.eks. EURUSD breakout på H1"
        />
      </Field>
      <Field
        id={`${id}-body`}
        label="Hva vil du ha tilbakemelding på?"
        hint="Du kan bruke **fet**, *kursiv* og lister."
        hintId={`${id}-hint`}
      >
        <textarea
          id={`${id}-body`}
          className="input mentor-form__text"
          rows={5}
          maxLength={MENTOR_BODY_MAX_LENGTH}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
      </Field>
      <ImagePicker
        id={`${id}-images`}
        max={MENTOR_MAX_IMAGES}
        files={images}
        onChange={setImages}
        onProblem={(text) => setStatus(text ? { kind: 'error', text } : null)}
      />
      <StatusMessage status={status} />
      <Button type="submit" disabled={disabled || start.isPending}>
        {start.isPending ? 'SENDER...' : 'Send til mentoren'}
      </Button>
    </form>
  );
}

function Inbox({ me }: { me: MeResponse }) {
  const list = useMentorThreads();
  const data = list.data;
  const full = data ? data.quota.used >= data.quota.limit : false;
  return (
    <MemberPage header={<span className="member-header__email">{me.email}</span>}>
      <Seo title="Mentor" noindex />
      <div className="container container--narrow mentor">
        <BackLink to={paths.dashboard.href()} label="Tilbake til dashboard" />
        <h1 className="mentor__title">Mentor</h1>
        <p className="mentor__lead">Send charts og spørsmål til mentoren, og få tilbakemelding her og på e-post.</p>
        {list.isPending && <LoadingStatus text="Henter trådene..." />}
        {list.isError && <Notice icon="alert">Kunne ikke hente trådene. Last siden på nytt.</Notice>}
        {data && !data.eligible && (
          <Notice icon="lock" data-testid="mentor-not-eligible">
            Mentor-innboksen er for elever med aktiv mentorordning eller et kurs med gjennomgang av charts (Accelerator).
          </Notice>
        )}
        {data && data.eligible && (
          <>
            <p className="mentor__quota" data-testid="mentor-quota">
              {data.quota.label}
            </p>
            {full && (
              <Notice icon="clock">Du har brukt alle trådene denne måneden. Du kan starte nye fra den 1. neste måned.</Notice>
            )}
            <NewThread disabled={full} />
          </>
        )}
        {data && data.threads.length > 0 && (
          <section aria-labelledby="mentor-threads-h">
            <h2 id="mentor-threads-h">Dine tråder</h2>
            <ul className="mentor-threads">
              {data.threads.map((t) => (
                <li key={t.id}>
                  <Link to={paths.mentorThread.href(t.id)} className="mentor-threads__link">
                    <span className="mentor-threads__title">{t.title}</span>
                    <span className="mentor-threads__meta">
                      <StatusBadge status={t.status} /> · {t.messageCount} {t.messageCount === 1 ? 'melding' : 'meldinger'} ·{' '}
                      <time dateTime={t.lastMessageAt}>{when(t.lastMessageAt)}</time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </MemberPage>
  );
}

/** `/mentor`: the month's quota, a new thread with charts, and the student's threads. */
export default function MentorInboxPage() {
  return <RequireAuth>{(me) => <Inbox me={me} />}</RequireAuth>;
}
