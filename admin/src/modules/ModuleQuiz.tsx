import { QUIZ_LIMITS, type AdminModule, type AdminQuiz, type PutQuizRequest, type QuizQuestionInput } from '@academy/contracts';
import { Alert, Box, Button, Checkbox, FormControlLabel, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useCallback, useEffect, useId, useState } from 'react';
import { HttpError, useRecordContext } from 'react-admin';
import { ConfirmButton } from '../lib/ConfirmButton';
import { formatPercent } from '../lib/format';
import { errorMessage, httpClient } from '../lib/http';

type Load = { kind: 'loading' } | { kind: 'none' } | { kind: 'quiz'; quiz: AdminQuiz } | { kind: 'failed'; message: string };

const emptyQuestion = (): QuizQuestionInput => ({
  text: '',
  explanation: '',
  choices: [
    { text: '', correct: true },
    { text: '', correct: false },
  ],
});

/** The quiz's numbers for the mentor: attempts, pass rate and the question answered wrong most often. */
function QuizStats({ quiz }: { quiz: AdminQuiz }) {
  const s = quiz.stats;
  return (
    <Box sx={{ p: 2, mb: 2, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="quiz-stats">
      <Typography variant="subtitle2" component="h4">
        Resultater
      </Typography>
      <Typography variant="body2">
        Forsøk: {s.attempts} · Elever: {s.students} (bestått: {s.passedStudents}) · Bestått-andel:{' '}
        {s.passRatePercent === null ? 'ingen forsøk ennå' : formatPercent(s.passRatePercent)}
      </Typography>
      <Typography variant="body2">
        Oftest feil:{' '}
        {s.mostMissed ? `«${s.mostMissed.text}» (${s.mostMissed.wrong} ganger)` : 'ingen spørsmål er besvart feil ennå'}
      </Typography>
    </Box>
  );
}

/**
 * "Quiz" on a module (docs/decisions.md "Quizzes"): questions with 2–6 choices, one or more right,
 * an explanation shown to students who answered wrong, and the pass mark. Saving replaces the quiz
 * (a recent sign-in, audited); the results per quiz are shown above the questions.
 */
export function ModuleQuiz() {
  const record = useRecordContext<AdminModule>();
  const headingId = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [draft, setDraft] = useState<PutQuizRequest | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const url = record ? `/api/admin/modules/${record.id}/quiz` : null;

  const fetchQuiz = useCallback(async () => {
    if (!url) return;
    try {
      const { json } = await httpClient(url);
      const quiz = json as AdminQuiz;
      setLoad({ kind: 'quiz', quiz });
      setDraft({ passPercent: quiz.passPercent, questions: quiz.questions });
    } catch (e) {
      if (e instanceof HttpError && e.status === 404) {
        setLoad({ kind: 'none' });
        setDraft(null);
      } else setLoad({ kind: 'failed', message: errorMessage(e) });
    }
  }, [url]);

  useEffect(() => {
    void fetchQuiz();
  }, [fetchQuiz]);

  if (!record || !url) return null;

  const setQuestion = (i: number, q: QuizQuestionInput) =>
    setDraft((d) => d && { ...d, questions: d.questions.map((x, j) => (j === i ? q : x)) });

  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setMessage(null);
    try {
      const { json } = await httpClient(url, { method: 'PUT', body: JSON.stringify(draft) });
      const quiz = json as AdminQuiz;
      setLoad({ kind: 'quiz', quiz });
      setDraft({ passPercent: quiz.passPercent, questions: quiz.questions });
      setMessage({ kind: 'success', text: 'Quizen er lagret.' });
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  /** After the mentor confirmed (ConfirmButton shows a failure as the server's message). */
  const remove = async () => {
    setMessage(null);
    await httpClient(url, { method: 'DELETE' });
    setLoad({ kind: 'none' });
    setDraft(null);
    setMessage({ kind: 'success', text: 'Quizen er slettet.' });
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      // On a phone the module form's toolbar is fixed at the bottom: room below, so nothing stays under it.
      sx={{ m: 2, mb: { xs: 12, sm: 2 }, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: 860 }}
      data-testid="module-quiz-editor"
    >
      <Typography variant="h6" component="h2" id={headingId} gutterBottom>
        Quiz
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Elevene tar quizen etter videoen. Kursbevis utstedes først når alle moduler er fullført og alle quizer er bestått.
      </Typography>
      {load.kind === 'loading' && <Typography role="status">Laster quizen…</Typography>}
      {load.kind === 'failed' && <Alert severity="error">{load.message}</Alert>}
      {load.kind === 'quiz' && <QuizStats quiz={load.quiz} />}
      {load.kind === 'none' && !draft && (
        <Button variant="outlined" onClick={() => setDraft({ passPercent: 80, questions: [emptyQuestion()] })}>
          Lag quiz
        </Button>
      )}
      {draft && (
        <Stack spacing={2}>
          <TextField
            label="Bestått-grense (%)"
            type="number"
            value={draft.passPercent}
            onChange={(e) => setDraft({ ...draft, passPercent: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: QUIZ_LIMITS.minPassPercent, max: QUIZ_LIMITS.maxPassPercent, step: 1 } }}
            sx={{ maxWidth: 220 }}
          />
          {draft.questions.map((q, qi) => {
            const wrong = load.kind === 'quiz' ? load.quiz.stats.perQuestion[qi]?.wrong : undefined;
            return (
              <Box
                key={qi}
                component="fieldset"
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}
                data-testid="quiz-editor-question"
              >
                <Typography component="legend" variant="subtitle1" sx={{ px: 1 }}>
                  Spørsmål {qi + 1}
                  {wrong !== undefined ? ` · besvart feil ${wrong} ganger` : ''}
                </Typography>
                <Stack spacing={1.5}>
                  <TextField
                    label={`Spørsmål ${qi + 1}`}
                    value={q.text}
                    onChange={(e) => setQuestion(qi, { ...q, text: e.target.value })}
                    slotProps={{ htmlInput: { maxLength: QUIZ_LIMITS.questionMax } }}
                    fullWidth
                    multiline
                  />
                  {q.choices.map((c, ci) => (
                    <Stack
                      key={ci}
                      direction="row"
                      spacing={1}
                      useFlexGap
                      sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
                    >
                      <TextField
                        label={`Svaralternativ ${ci + 1}`}
                        value={c.text}
                        onChange={(e) =>
                          setQuestion(qi, {
                            ...q,
                            choices: q.choices.map((x, j) => (j === ci ? { ...x, text: e.target.value } : x)),
                          })
                        }
                        slotProps={{ htmlInput: { maxLength: QUIZ_LIMITS.choiceMax } }}
                        fullWidth
                        size="small"
                        sx={{ flexBasis: { xs: '100%', sm: 'auto' } }}
                      />
                      <FormControlLabel
                        label="Riktig"
                        control={
                          <Checkbox
                            checked={c.correct}
                            onChange={(e) =>
                              setQuestion(qi, {
                                ...q,
                                choices: q.choices.map((x, j) => (j === ci ? { ...x, correct: e.target.checked } : x)),
                              })
                            }
                          />
                        }
                      />
                      <IconButton
                        aria-label={`Fjern svaralternativ ${ci + 1} i spørsmål ${qi + 1}`}
                        disabled={q.choices.length <= QUIZ_LIMITS.minChoices}
                        onClick={() => setQuestion(qi, { ...q, choices: q.choices.filter((_, j) => j !== ci) })}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Stack>
                  ))}
                  <Box>
                    <Button
                      size="small"
                      disabled={q.choices.length >= QUIZ_LIMITS.maxChoices}
                      onClick={() => setQuestion(qi, { ...q, choices: [...q.choices, { text: '', correct: false }] })}
                    >
                      Legg til svaralternativ
                    </Button>
                  </Box>
                  <TextField
                    label="Forklaring (vises når eleven svarer feil)"
                    value={q.explanation}
                    onChange={(e) => setQuestion(qi, { ...q, explanation: e.target.value })}
                    slotProps={{ htmlInput: { maxLength: QUIZ_LIMITS.explanationMax } }}
                    fullWidth
                    multiline
                  />
                  <Box>
                    <Button
                      size="small"
                      color="error"
                      disabled={draft.questions.length <= QUIZ_LIMITS.minQuestions}
                      onClick={() => setDraft({ ...draft, questions: draft.questions.filter((_, j) => j !== qi) })}
                    >
                      Fjern spørsmål {qi + 1}
                    </Button>
                  </Box>
                </Stack>
              </Box>
            );
          })}
          <Box>
            <Button
              disabled={draft.questions.length >= QUIZ_LIMITS.maxQuestions}
              onClick={() => setDraft({ ...draft, questions: [...draft.questions, emptyQuestion()] })}
            >
              Legg til spørsmål
            </Button>
          </Box>
          {message && (
            <Alert severity={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>
              {message.text}
            </Alert>
          )}
          <Stack direction="row" spacing={2}>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>
              Lagre quiz
            </Button>
            {load.kind === 'quiz' && (
              <ConfirmButton
                label="Slett quiz"
                color="error"
                disabled={busy}
                title="Slette quizen?"
                content="Forsøkene til elevene slettes også, og modulen krever ikke lenger quiz for kursbevis."
                confirmLabel="Slett quiz"
                onConfirm={remove}
              />
            )}
          </Stack>
        </Stack>
      )}
      {!draft && message && (
        <Alert severity={message.kind} sx={{ mt: 2 }}>
          {message.text}
        </Alert>
      )}
    </Box>
  );
}
