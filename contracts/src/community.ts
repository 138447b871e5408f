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

/*
 * Chart review and the mentor's inbox (issue 26): a student with an active mentorship, or a course
 * that includes chart review, starts threads with chart images in the member area ("Mentor"); the
 * mentor answers from the panel ('Innboks').
 */

/** Courses whose owners may send charts to the mentor whether or not a mentorship period runs. */
export const CHART_REVIEW_COURSE_IDS = ['accelerator'] as const;
/** Chart images per message. */
export const MENTOR_MAX_IMAGES = 4;
/** Largest chart image, in bytes (8 MB). */
export const MENTOR_MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Longest side of a stored image, in pixels (larger ones are scaled down). */
export const MENTOR_IMAGE_MAX_SIDE = 2560;
/**
 * Most pixels an uploaded image may have (25 megapixels, 5 000 × 5 000): a small compressed file can
 * claim a huge canvas, and decoding one takes memory by its pixels, not its bytes.
 */
export const MENTOR_MAX_IMAGE_PIXELS = 25_000_000;
export const MENTOR_TITLE_MAX_LENGTH = 160;
export const MENTOR_BODY_MAX_LENGTH = 8000;
/** What an upload field accepts, for the file picker. */
export const MENTOR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type MentorThreadStatus = 'waiting' | 'answered' | 'closed';

export const MENTOR_STATUS_LABELS: Record<MentorThreadStatus, string> = {
  waiting: 'Venter på mentor',
  answered: 'Besvart',
  closed: 'Lukket',
};

/** A stored chart image: its address answers only the student of the thread and admins. */
export interface MentorImage {
  id: number;
  /** `/api/mentor/images/:id` */
  url: string;
  /** `/api/mentor/images/:id?thumb=1` */
  thumbUrl: string;
  width: number;
  height: number;
}

export interface MentorMessage {
  id: number;
  /** Who wrote it: the student or the mentor. */
  author: 'student' | 'mentor';
  authorName: string;
  body: string;
  /** Markdown rendered and sanitised on the server. */
  bodyHtml: string;
  images: MentorImage[];
  createdAt: string;
}

export interface MentorThreadSummary {
  id: number;
  title: string;
  status: MentorThreadStatus;
  createdAt: string;
  /** The newest message's time. */
  lastMessageAt: string;
  messageCount: number;
}

export interface MentorThread extends MentorThreadSummary {
  messages: MentorMessage[];
}

/** The monthly fair-use quota of new threads (a calendar month, Oslo time). */
export interface MentorQuota {
  used: number;
  limit: number;
  /** "3 av 8 brukt denne måneden" */
  label: string;
}

/** GET /api/mentor/threads */
export interface MentorThreadsResponse {
  /** May start threads (an active mentorship, or a course with chart review). */
  eligible: boolean;
  quota: MentorQuota;
  threads: MentorThreadSummary[];
}

/** POST /api/mentor/threads as JSON (without images); with images it is multipart/form-data with `title`, `body`, `images`. */
export interface CreateMentorThreadRequest {
  title: string;
  body: string;
}

/** POST /api/mentor/threads/:id/messages, POST /api/admin/mentor-threads/:id/messages (JSON, or multipart with `body` and `images`). */
export interface MentorMessageRequest {
  body: string;
}

/** PATCH /api/admin/mentor-threads/:id */
export interface UpdateMentorThreadRequest {
  status: MentorThreadStatus;
}

/** GET /api/admin/mentor-threads ('Innboks': waiting first, the newest first). */
export interface AdminMentorThread extends MentorThreadSummary {
  userId: number | null;
  studentEmail: string | null;
  studentName: string;
}

export interface AdminMentorThreadDetail extends AdminMentorThread {
  messages: MentorMessage[];
}

/** A thread in the account's data export (the images by their stored size and type; the files are erased with the account). */
export interface MentorThreadExport {
  title: string;
  status: MentorThreadStatus;
  createdAt: string;
  messages: Array<{
    author: 'student' | 'mentor';
    body: string;
    createdAt: string;
    images: Array<{ url: string; contentType: string; width: number; height: number; bytes: number }>;
  }>;
}

export const mentorQuotaLabel = (used: number, limit: number): string => `${used} av ${limit} brukt denne måneden`;

/** 10000 → "10 000" (Norwegian digit groups, a no-break space). */
const nb = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
/** Bytes as megabytes with one decimal and a decimal comma ("3,2"). */
const mb = (bytes: number): string => (Math.floor((bytes / 1024 / 1024) * 10) / 10).toFixed(1).replace('.', ',');

export const MENTOR_MSG = {
  notFound: 'Fant ikke tråden.',
  imageNotFound: 'Fant ikke bildet.',
  notEligible: 'Mentor-innboksen er for elever med aktiv mentorordning eller et kurs med gjennomgang av charts.',
  quota: (limit: number) => `Du har brukt alle ${limit} trådene denne måneden. Du kan starte nye tråder fra den 1. neste måned.`,
  title: 'Gi tråden en tittel.',
  titleTooLong: `Tittelen kan være på høyst ${MENTOR_TITLE_MAX_LENGTH} tegn.`,
  body: 'Skriv en melding.',
  bodyTooLong: `Meldingen kan være på høyst ${MENTOR_BODY_MAX_LENGTH} tegn.`,
  tooManyImages: `Du kan legge ved høyst ${MENTOR_MAX_IMAGES} bilder.`,
  mentorOneImage: 'Svaret kan ha ett bilde.',
  imageTooLarge: `Hvert bilde kan være på høyst ${MENTOR_MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: (name: string, width: number, height: number) =>
    `«${name}» er for stort: ${nb(width)} × ${nb(height)} piksler. Et bilde kan ha høyst ${MENTOR_MAX_IMAGE_PIXELS / 1_000_000} megapiksler (for eksempel ${nb(Math.sqrt(MENTOR_MAX_IMAGE_PIXELS))} × ${nb(Math.sqrt(MENTOR_MAX_IMAGE_PIXELS))}). Ta et mindre skjermbilde, eller skaler det ned.`,
  /** The student's chart images of one day (Oslo time) are used up: `limitMb` a day, `leftBytes` left today. */
  dailyImageBytes: (limitMb: number, leftBytes: number) =>
    leftBytes < 0.1 * 1024 * 1024
      ? `Du har lastet opp ${limitMb} MB bilder i dag, som er grensen per dag. Send meldingen uten bilder, eller legg ved bildene i morgen.`
      : `Bildene er større enn det du har igjen i dag: du kan laste opp ${limitMb} MB bilder per dag og har ${mb(leftBytes)} MB igjen. Legg ved færre eller mindre bilder, eller vent til i morgen.`,
  notAnImage: (name: string) => `«${name}» er ikke et bilde vi kan lese. Last opp PNG, JPEG eller WebP.`,
  badForm: 'Skjemaet kom ikke fram riktig. Prøv igjen.',
  unknownField: (name: string) => `Ukjent felt i skjemaet: ${name}.`,
  closed: 'Tråden er lukket. Start en ny tråd.',
  status: 'Status må være waiting, answered eller closed.',
  student: 'Elev',
  anonymous: 'Slettet bruker',
} as const;

/*
 * Risk acknowledgement (issue 26): trading carries financial risk. The checkout records the buyer's
 * acknowledgement of this text with its version and time; live sessions and recordings show a short notice.
 */

/** The checkbox at checkout. Change RISK_TEXT_VERSION whenever the text changes. */
export const RISK_ACKNOWLEDGEMENT_TEXT =
  'Jeg forstår at trading innebærer risiko for tap og at kurset ikke er investeringsrådgivning';
/** The version of {@link RISK_ACKNOWLEDGEMENT_TEXT} stored with each order. */
export const RISK_TEXT_VERSION = '2026-11';
/** The short notice beside live sessions and recordings. */
export const RISK_NOTICE =
  'Trading innebærer risiko for tap. Innholdet er opplæring, ikke investeringsrådgivning: du tar dine egne beslutninger.';
export const RISK_MSG = {
  required: 'Du må bekrefte at du forstår at trading innebærer risiko for tap og at kurset ikke er investeringsrådgivning.',
} as const;
