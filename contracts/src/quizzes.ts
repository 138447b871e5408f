/** Quizzes on a module (issue 37): built by the mentor in the panel, taken by students after the video. */

/** Limits of a quiz the mentor builds. */
export const QUIZ_LIMITS = {
  minQuestions: 1,
  maxQuestions: 30,
  minChoices: 2,
  maxChoices: 6,
  questionMax: 500,
  choiceMax: 300,
  explanationMax: 2000,
  minPassPercent: 1,
  maxPassPercent: 100,
} as const;

/** Attempts a student may submit per hour (per account, across modules). */
export const QUIZ_ATTEMPTS_PER_HOUR = 30;

/**
 * A quiz is a test the certificate stands on (docs/decisions.md "Quizzes"): until it is passed, a
 * failed attempt answers only the score, and after this many failed attempts each next one waits.
 */
export const QUIZ_FREE_ATTEMPTS = 3;

/** Minutes to wait after the `failures`-th failed attempt (none before QUIZ_FREE_ATTEMPTS; 1, 2, 4 … up to 60). */
export function quizWaitMinutes(failures: number): number {
  if (failures < QUIZ_FREE_ATTEMPTS) return 0;
  return Math.min(60, 2 ** (failures - QUIZ_FREE_ATTEMPTS));
}

/** One choice as the mentor writes it. */
export interface QuizChoiceInput {
  text: string;
  correct: boolean;
}

/** One question as the mentor writes it: 2–6 choices, one or more right, an explanation shown after a wrong answer. */
export interface QuizQuestionInput {
  text: string;
  explanation: string;
  choices: QuizChoiceInput[];
}

/** PUT /api/admin/modules/:id/quiz */
export interface PutQuizRequest {
  passPercent: number;
  questions: QuizQuestionInput[];
}

/** Per question of the quiz's current version: how many attempts answered it wrong. */
export interface AdminQuizQuestionStats {
  index: number;
  text: string;
  wrong: number;
}

/** GET/PUT /api/admin/modules/:id/quiz, and the rows of GET /api/admin/quizzes. */
export interface AdminQuiz {
  /** The module's id (one quiz per module). */
  id: number;
  moduleId: number;
  moduleTitle: string | null;
  courseId: string | null;
  passPercent: number;
  questions: QuizQuestionInput[];
  /** Raised on every change of the questions: attempts count per version for the question statistics. */
  version: number;
  updatedAt: string;
  stats: {
    attempts: number;
    /** Students who have tried it, and how many of them have passed. */
    students: number;
    passedStudents: number;
    /** Share of attempts that passed, 0–100 (null before any attempt). */
    passRatePercent: number | null;
    /** The question of the current version answered wrong most often (null when none was). */
    mostMissed: AdminQuizQuestionStats | null;
    perQuestion: AdminQuizQuestionStats[];
  };
}

/** A question as the student sees it: never which choice is right. */
export interface QuizQuestionView {
  text: string;
  choices: string[];
  /** How many choices are right (so the student knows whether to tick one or several). */
  correctCount: number;
}

/** GET /api/courses/:courseId/modules/:moduleId/quiz */
export interface QuizView {
  moduleId: number;
  passPercent: number;
  questions: QuizQuestionView[];
  /** The student's best score so far (null before the first attempt). */
  bestScorePercent: number | null;
  passed: boolean;
  attempts: number;
  /** When the next attempt may be sent, after repeated failures (null: now). */
  nextAttemptAt: string | null;
}

/** GET /api/courses/:courseId/quizzes: which modules of the course have a quiz, and the student's standing in each. */
export interface CourseQuizzesResponse {
  quizzes: Array<{ moduleId: number; passed: boolean; bestScorePercent: number | null }>;
}

/** POST /api/courses/:courseId/modules/:moduleId/quiz/attempts: the chosen indexes per question. */
export interface QuizAttemptRequest {
  answers: number[][];
}

/** A question answered wrong (0-based) and its explanation: never the right choice. */
export interface QuizExplanation {
  question: number;
  explanation: string;
}

export interface QuizAttemptResult {
  scorePercent: number;
  passed: boolean;
  /**
   * Whether this answer says which questions were wrong: only once the quiz is passed (in this or an
   * earlier attempt). A failed attempt before that answers the score alone.
   */
  explained: boolean;
  /** When `explained`: one per question answered wrong, in order (the explanation may be blank); none for right ones. */
  explanations: QuizExplanation[];
  /** When the next attempt may be sent, after repeated failures (null: now). */
  nextAttemptAt: string | null;
  bestScorePercent: number;
  /** The student has passed this quiz (in this or an earlier attempt). */
  everPassed: boolean;
}

/** A quiz attempt in the account's data export. */
export interface QuizAttemptExport {
  courseId: string;
  moduleId: number;
  answers: number[][];
  scorePercent: number;
  passed: boolean;
  createdAt: string;
}

/** The Norwegian messages of quizzes. */
export const QUIZ_MSG = {
  notFound: 'Denne modulen har ingen quiz',
  moduleNotFound: 'Fant ikke modulen',
  noQuestions: `En quiz må ha mellom ${QUIZ_LIMITS.minQuestions} og ${QUIZ_LIMITS.maxQuestions} spørsmål`,
  passPercent: `Bestått-grensen må være et helt tall fra ${QUIZ_LIMITS.minPassPercent} til ${QUIZ_LIMITS.maxPassPercent} prosent`,
  questionText: (n: number) => `Spørsmål ${n} må ha en tekst på høyst ${QUIZ_LIMITS.questionMax} tegn`,
  explanation: (n: number) => `Forklaringen til spørsmål ${n} må være tekst på høyst ${QUIZ_LIMITS.explanationMax} tegn`,
  choiceCount: (n: number) =>
    `Spørsmål ${n} må ha mellom ${QUIZ_LIMITS.minChoices} og ${QUIZ_LIMITS.maxChoices} svaralternativer`,
  choiceText: (n: number, c: number) =>
    `Svaralternativ ${c} i spørsmål ${n} må ha en tekst på høyst ${QUIZ_LIMITS.choiceMax} tegn`,
  choiceCorrect: (n: number, c: number) => `Svaralternativ ${c} i spørsmål ${n} må være merket riktig eller galt`,
  noCorrect: (n: number) => `Spørsmål ${n} må ha minst ett riktig svar`,
  questionShape: (n: number) => `Spørsmål ${n} må ha tekst, forklaring og svaralternativer`,
  answersShape: 'Svarene må være en liste med de valgte alternativene for hvert spørsmål',
  answersCount: (n: number) => `Quizen har ${n} spørsmål: svar på alle`,
  answerEmpty: (n: number) => `Velg minst ett svar på spørsmål ${n}`,
  answerChoice: (n: number) => `Svaret på spørsmål ${n} er ikke et av alternativene`,
  wait: (minutes: number) =>
    `Du har prøvd flere ganger uten å bestå. Se videoen igjen, og prøv på nytt om ${minutes === 1 ? '1 minutt' : `${minutes} minutter`}.`,
} as const;
