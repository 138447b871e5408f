import { QUESTION_MAX_LENGTH, type LessonQuestion } from '@academy/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { StatusMessage, type FormStatus } from '../../../components/Form';
import { ApiError } from '../../../lib/api';
import { useAskQuestion, useLessonQuestions } from '../api/questions';
import './LessonQuestions.css';

const dateFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'short', year: 'numeric' });
const shortDate = (iso: string) => dateFmt.format(new Date(iso));

/** One question and, when given, the mentor's answer. The HTML is Markdown the server rendered and sanitised. */
function QuestionItem({ q }: { q: LessonQuestion }) {
  return (
    <li className="lesson-questions__item" data-testid="lesson-question">
      <p className="lesson-questions__meta">
        {q.pinned && <span className="lesson-questions__pin">Festet · </span>}
        {q.mine ? 'Du' : q.askerName} · {shortDate(q.createdAt)}
      </p>
      <div className="lesson-questions__body" dangerouslySetInnerHTML={{ __html: q.bodyHtml }} />
      {q.answer ? (
        <div className="lesson-questions__answer">
          <p className="lesson-questions__meta">Svar fra mentor · {shortDate(q.answer.answeredAt)}</p>
          <div className="lesson-questions__body" dangerouslySetInnerHTML={{ __html: q.answer.html }} />
        </div>
      ) : (
        <p className="lesson-questions__waiting">Venter på svar</p>
      )}
    </li>
  );
}

/** 'Spørsmål om modulen': owners of the course ask under each module and read the mentor's answers. */
export function LessonQuestions({ courseId, moduleId }: { courseId: string; moduleId: number }) {
  const list = useLessonQuestions(courseId, moduleId);
  const ask = useAskQuestion(courseId, moduleId);
  const [body, setBody] = useState('');
  const [status, setStatus] = useState<FormStatus>(null);
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setStatus({ kind: 'error', text: 'Skriv spørsmålet ditt.' });
    setStatus(null);
    ask.mutate(
      { body },
      {
        onSuccess: () => {
          setBody('');
          setStatus({ kind: 'success', text: 'Spørsmålet er sendt. Du får e-post når mentoren har svart.' });
        },
        onError: (err) =>
          setStatus({ kind: 'error', text: err instanceof ApiError ? err.message : 'Kunne ikke sende spørsmålet.' }),
      },
    );
  };

  const questions = list.data?.questions ?? [];
  return (
    <section className="lesson-questions" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Spørsmål om modulen</h2>
      <form className="lesson-questions__form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-q`} className="field__label">
          Still et spørsmål til mentoren
        </label>
        <textarea
          id={`${id}-q`}
          className="input lesson-questions__input"
          rows={3}
          maxLength={QUESTION_MAX_LENGTH}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <span id={`${id}-hint`} className="field__hint">
          Alle med tilgang til kurset ser spørsmålet. Du kan bruke **fet**, *kursiv* og lister.
        </span>
        <StatusMessage status={status} />
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? 'SENDER...' : 'Send spørsmål'}
        </Button>
      </form>
      {list.isLoading ? (
        <p className="lesson-questions__empty">Laster spørsmål...</p>
      ) : list.isError ? (
        <p className="lesson-questions__empty" role="alert">
          Kunne ikke hente spørsmålene.
        </p>
      ) : questions.length === 0 ? (
        <p className="lesson-questions__empty">Ingen spørsmål ennå. Still det første!</p>
      ) : (
        <ul className="lesson-questions__list">
          {questions.map((q) => (
            <QuestionItem key={q.id} q={q} />
          ))}
        </ul>
      )}
    </section>
  );
}
