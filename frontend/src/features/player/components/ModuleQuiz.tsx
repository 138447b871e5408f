import type { QuizAttemptResult, QuizView } from '@academy/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { StatusMessage, type FormStatus } from '../../../components/Form';
import { ApiError } from '../../../lib/api';
import { useCourseQuizzes, useModuleQuiz, useQuizAttempt } from '../api/quiz';
import './ModuleQuiz.css';

const timeFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' });

/** Whether the time has come (re-rendered when it does). */
function useReached(iso: string | null): boolean {
  const [, tick] = useState(0);
  const at = iso ? Date.parse(iso) : 0;
  const left = at - Date.now();
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => tick((n) => n + 1), left + 250);
    return () => window.clearTimeout(timer);
  }, [left]);
  return left <= 0;
}

/** "Velg ett svar" / "Velg 2 svar": how many choices are right (never which). */
const hintOf = (count: number) => (count === 1 ? 'Velg ett svar.' : `Velg alle riktige svar (${count} er riktige).`);

function QuizForm({ courseId, moduleId, quiz }: { courseId: string; moduleId: number; quiz: QuizView }) {
  const id = useId();
  const attempt = useQuizAttempt(courseId, moduleId);
  const [answers, setAnswers] = useState<number[][]>(() => quiz.questions.map(() => []));
  const [result, setResult] = useState<QuizAttemptResult | null>(null);
  const [status, setStatus] = useState<FormStatus>(null);
  // After repeated failures the next attempt waits (docs/decisions.md "Quizzes"): until when.
  const [waitUntil, setWaitUntil] = useState<string | null>(quiz.nextAttemptAt);
  const canSend = useReached(waitUntil);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const toggle = (q: number, c: number, single: boolean) => {
    setResult(null);
    setAnswers((prev) =>
      prev.map((a, i) => (i !== q ? a : single ? [c] : a.includes(c) ? a.filter((x) => x !== c) : [...a, c].sort())),
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing = answers.findIndex((a) => a.length === 0);
    if (missing >= 0) {
      setStatus({ kind: 'error', text: `Svar på spørsmål ${missing + 1} før du sender.` });
      formRef.current?.querySelector<HTMLInputElement>(`[name="${id}-q${missing}"]`)?.focus();
      return;
    }
    setStatus(null);
    attempt.mutate(
      { answers },
      {
        onSuccess: (r) => {
          setResult(r);
          setWaitUntil(r.nextAttemptAt);
        },
        onError: (err) =>
          setStatus({ kind: 'error', text: err instanceof ApiError ? err.message : 'Kunne ikke sende svarene. Prøv igjen.' }),
      },
    );
  };

  const again = () => {
    setResult(null);
    setAnswers(quiz.questions.map(() => []));
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  };

  const wrong = new Map((result?.explanations ?? []).map((x) => [x.question, x.explanation]));
  // Which questions were wrong is said only once the quiz is passed.
  const explained = !!result?.explained;
  return (
    <form ref={formRef} className="module-quiz__form" onSubmit={submit} noValidate>
      {quiz.questions.map((q, qi) => {
        const single = q.correctCount === 1;
        const explanation = wrong.get(qi);
        return (
          <fieldset
            key={qi}
            className="module-quiz__question"
            aria-describedby={`${id}-h${qi}${explained && explanation !== undefined ? ` ${id}-x${qi}` : ''}`}
            data-testid="quiz-question"
          >
            <legend>
              <span className="module-quiz__number">
                Spørsmål {qi + 1} av {quiz.questions.length}
              </span>{' '}
              {q.text}
            </legend>
            <p id={`${id}-h${qi}`} className="field__hint">
              {hintOf(q.correctCount)}
            </p>
            {q.choices.map((choice, ci) => {
              const inputId = `${id}-q${qi}-c${ci}`;
              return (
                <div key={ci} className="module-quiz__choice">
                  <input
                    id={inputId}
                    type={single ? 'radio' : 'checkbox'}
                    name={`${id}-q${qi}`}
                    checked={answers[qi].includes(ci)}
                    onChange={() => toggle(qi, ci, single)}
                  />
                  <label htmlFor={inputId}>{choice}</label>
                </div>
              );
            })}
            {result && explained && (
              <p
                id={`${id}-x${qi}`}
                className={`module-quiz__feedback module-quiz__feedback--${explanation !== undefined ? 'wrong' : 'right'}`}
              >
                {explanation !== undefined ? (
                  <>
                    <strong>Ikke riktig.</strong> {explanation}
                  </>
                ) : (
                  <strong>Riktig.</strong>
                )}
              </p>
            )}
          </fieldset>
        );
      })}
      <StatusMessage status={status} />
      {result && (
        <div
          className={`module-quiz__result module-quiz__result--${result.passed ? 'passed' : 'failed'}`}
          role="status"
          data-testid="quiz-result"
        >
          <h3 ref={resultRef} tabIndex={-1}>
            {result.passed ? `Bestått: ${result.scorePercent} % riktig` : `Ikke bestått: ${result.scorePercent} % riktig`}
          </h3>
          <p>
            {result.passed
              ? 'Godt jobbet! Quizen er bestått.'
              : explained
                ? `Du trenger ${quiz.passPercent} % for å bestå. Se forklaringene over og prøv igjen.`
                : `Du trenger ${quiz.passPercent} % for å bestå. Hvilke svar som var feil, får du vite når du har bestått: ` +
                  'se videoen igjen og prøv på nytt.'}
            {result.everPassed && !result.passed
              ? ' Du har allerede bestått quizen tidligere, så dette teller ikke mot deg.'
              : ''}
          </p>
          <p>Beste resultat: {result.bestScorePercent} %.</p>
        </div>
      )}
      {!canSend && waitUntil && (
        <p className="module-quiz__wait" data-testid="quiz-wait">
          Du har prøvd flere ganger uten å bestå. Neste forsøk kan sendes kl. {timeFmt.format(new Date(waitUntil))}.
        </p>
      )}
      <div className="module-quiz__actions">
        {result ? (
          <Button type="button" variant="secondary" onClick={again} disabled={!canSend}>
            Prøv igjen
          </Button>
        ) : (
          <Button type="submit" disabled={attempt.isPending || !canSend}>
            {attempt.isPending ? 'Sender...' : 'Send svar'}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * The module's quiz after the video (docs/decisions.md "Quizzes"): one fieldset per question,
 * radio buttons where one choice is right and checkboxes where several are, usable by keyboard alone.
 * The score comes after the answers are sent; which questions were wrong, with their explanations,
 * once the quiz is passed; the right choices never. After repeated failures the next attempt waits.
 */
export function ModuleQuiz({ courseId, moduleId }: { courseId: string; moduleId: number }) {
  const id = useId();
  const overview = useCourseQuizzes(courseId);
  const entry = overview.data?.quizzes.find((q) => q.moduleId === moduleId) ?? null;
  const quiz = useModuleQuiz(courseId, moduleId, entry !== null);
  if (!entry) return null;
  return (
    <section className="module-quiz" aria-labelledby={`${id}-h`} data-testid="module-quiz">
      <h2 id={`${id}-h`}>Quiz: test deg selv</h2>
      {quiz.data ? (
        <>
          <p className="module-quiz__intro">
            {quiz.data.questions.length} spørsmål. Du består med {quiz.data.passPercent} % riktige svar.{' '}
            {entry.passed
              ? `Du har bestått (beste resultat ${entry.bestScorePercent ?? 0} %).`
              : entry.bestScorePercent !== null
                ? `Beste resultat så langt: ${entry.bestScorePercent} %.`
                : 'Quizen må være bestått for å få kursbevis.'}
          </p>
          <QuizForm key={moduleId} courseId={courseId} moduleId={moduleId} quiz={quiz.data} />
        </>
      ) : quiz.isError ? (
        <p role="status">Kunne ikke hente quizen. Prøv igjen senere.</p>
      ) : (
        <p role="status">Laster quizen...</p>
      )}
    </section>
  );
}

/** The "course complete" card's sentence about the certificate: true only when every quiz is passed too. */
export function QuizCertificateNote({ courseId }: { courseId: string }) {
  const overview = useCourseQuizzes(courseId);
  const open = (overview.data?.quizzes ?? []).filter((q) => !q.passed).length;
  if (!overview.data) return null;
  return open === 0 ? (
    <p>Sertifikatet ditt ligger klart på dashboardet.</p>
  ) : (
    <p>Bestå {open === 1 ? 'den siste quizen' : `de ${open} quizene som gjenstår`} for å få sertifikatet.</p>
  );
}
