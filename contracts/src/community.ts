/**
 * Questions on every lesson (issue 26): owners of a course ask under each module, the mentor answers
 * and moderates from the panel ('Spørsmål').
 */

/** Longest question or answer, in characters. */
export const QUESTION_MAX_LENGTH = 4000;
/** Questions one account may ask per hour (every course together). */
export const QUESTIONS_PER_HOUR = 10;

/** POST /api/courses/:courseId/modules/:moduleId/questions */
export interface AskQuestionRequest {
  body: string;
}

/** One question as the player shows it. `bodyHtml` and `answerHtml` are Markdown rendered and sanitised on the server. */
export interface LessonQuestion {
  id: number;
  /** The asker's first name, 'Slettet bruker' after erasure, or 'Elev' without a name. */
  askerName: string;
  /** The signed-in viewer asked it. */
  mine: boolean;
  body: string;
  bodyHtml: string;
  pinned: boolean;
  createdAt: string;
  answer: { body: string; html: string; answeredAt: string } | null;
}

/** GET /api/courses/:courseId/modules/:moduleId/questions: pinned first, then newest first. */
export interface LessonQuestionsResponse {
  questions: LessonQuestion[];
}

/** POST /api/admin/questions/:id/answer */
export interface AnswerQuestionRequest {
  body: string;
}

/** PATCH /api/admin/questions/:id */
export interface UpdateQuestionRequest {
  hidden?: boolean;
  pinned?: boolean;
}

export type QuestionStatus = 'unanswered' | 'answered';

export const QUESTION_STATUS_LABELS: Record<QuestionStatus, string> = {
  unanswered: 'Ubesvart',
  answered: 'Besvart',
};

/** GET /api/admin/questions (ra-data-simple-rest; unanswered first, oldest first). */
export interface AdminQuestion {
  id: number;
  courseId: string;
  courseTitle: string;
  moduleId: number;
  moduleTitle: string;
  /** null after the asker erased the account. */
  userId: number | null;
  askerEmail: string | null;
  askerName: string;
  body: string;
  bodyHtml: string;
  status: QuestionStatus;
  answerBody: string | null;
  answerHtml: string | null;
  answeredAt: string | null;
  hidden: boolean;
  pinned: boolean;
  createdAt: string;
}

/** A question in the account's data export. */
export interface QuestionExport {
  courseId: string;
  moduleId: number;
  body: string;
  createdAt: string;
  answer: string | null;
  answeredAt: string | null;
  hidden: boolean;
}

export const QUESTION_MSG = {
  notFound: 'Fant ikke spørsmålet.',
  body: 'Skriv spørsmålet ditt.',
  answer: 'Skriv et svar.',
  tooLong: `Teksten kan være på høyst ${QUESTION_MAX_LENGTH} tegn.`,
  nothingToChange: 'Oppgi hidden eller pinned.',
  anonymous: 'Slettet bruker',
  student: 'Elev',
} as const;
