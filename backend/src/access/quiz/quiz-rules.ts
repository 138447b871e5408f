import { QUIZ_LIMITS, QUIZ_MSG, type PutQuizRequest, type QuizQuestionInput } from '@academy/contracts';
import { badRequest } from '../../platform/errors/app-error';

const invalid = (message: string) => badRequest(message, 'VALIDATION_FAILED');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(v: unknown, max: number, required: boolean): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  if ((required && t === '') || t.length > max) return null;
  return t;
}

/**
 * The quiz the mentor sent, checked and trimmed: 1–30 questions, each with a text, an explanation
 * (may be blank) and 2–6 choices of which at least one is right. Each problem answers 400 with a
 * Norwegian message that names the question (1-based) and the choice.
 */
export function parseQuiz(body: { passPercent?: unknown; questions?: unknown }): PutQuizRequest {
  const { passPercent, questions } = body;
  if (
    typeof passPercent !== 'number' ||
    !Number.isInteger(passPercent) ||
    passPercent < QUIZ_LIMITS.minPassPercent ||
    passPercent > QUIZ_LIMITS.maxPassPercent
  )
    throw invalid(QUIZ_MSG.passPercent);
  if (!Array.isArray(questions) || questions.length < QUIZ_LIMITS.minQuestions || questions.length > QUIZ_LIMITS.maxQuestions)
    throw invalid(QUIZ_MSG.noQuestions);
  const out: QuizQuestionInput[] = questions.map((q: unknown, i) => {
    const n = i + 1;
    if (!isObject(q) || !Array.isArray(q.choices)) throw invalid(QUIZ_MSG.questionShape(n));
    const qText = text(q.text, QUIZ_LIMITS.questionMax, true);
    if (qText === null) throw invalid(QUIZ_MSG.questionText(n));
    const explanation =
      q.explanation === undefined || q.explanation === null ? '' : text(q.explanation, QUIZ_LIMITS.explanationMax, false);
    if (explanation === null) throw invalid(QUIZ_MSG.explanation(n));
    if (q.choices.length < QUIZ_LIMITS.minChoices || q.choices.length > QUIZ_LIMITS.maxChoices)
      throw invalid(QUIZ_MSG.choiceCount(n));
    const choices = q.choices.map((c: unknown, j) => {
      const cText = isObject(c) ? text(c.text, QUIZ_LIMITS.choiceMax, true) : null;
      if (cText === null) throw invalid(QUIZ_MSG.choiceText(n, j + 1));
      if (typeof (c as Record<string, unknown>).correct !== 'boolean') throw invalid(QUIZ_MSG.choiceCorrect(n, j + 1));
      return { text: cText, correct: (c as Record<string, unknown>).correct as boolean };
    });
    if (!choices.some((c) => c.correct)) throw invalid(QUIZ_MSG.noCorrect(n));
    return { text: qText, explanation, choices };
  });
  return { passPercent, questions: out };
}

/** The student's answers checked against the quiz: one list of distinct, valid choice indexes per question. */
export function parseAnswers(answers: unknown, questions: QuizQuestionInput[]): number[][] {
  if (!Array.isArray(answers)) throw invalid(QUIZ_MSG.answersShape);
  if (answers.length !== questions.length) throw invalid(QUIZ_MSG.answersCount(questions.length));
  return answers.map((a: unknown, i) => {
    if (!Array.isArray(a) || a.some((x) => typeof x !== 'number' || !Number.isInteger(x))) throw invalid(QUIZ_MSG.answersShape);
    if (a.length === 0) throw invalid(QUIZ_MSG.answerEmpty(i + 1));
    const chosen = [...new Set(a as number[])].sort((x, y) => x - y);
    if (chosen.some((x) => x < 0 || x >= questions[i].choices.length)) throw invalid(QUIZ_MSG.answerChoice(i + 1));
    return chosen;
  });
}

export interface QuizScore {
  scorePercent: number;
  passed: boolean;
  /** Indexes of the questions answered wrong. */
  wrong: number[];
}

/**
 * A question counts as right only when exactly its right choices are chosen (no partial credit).
 * The score is the share of right questions, rounded down, so the pass mark is never passed by rounding.
 */
export function scoreQuiz(questions: QuizQuestionInput[], answers: number[][], passPercent: number): QuizScore {
  const wrong: number[] = [];
  questions.forEach((q, i) => {
    const right = q.choices.flatMap((c, j) => (c.correct ? [j] : []));
    const given = answers[i];
    const ok = given.length === right.length && right.every((r) => given.includes(r));
    if (!ok) wrong.push(i);
  });
  const scorePercent = Math.floor(((questions.length - wrong.length) * 100) / questions.length);
  return { scorePercent, passed: scorePercent >= passPercent, wrong };
}
