import type { PlayerCourseId } from './catalog';
import type { ModuleVideo } from './video';

/** One module of a course as the player shows it. */
export interface CourseModuleView {
  id: number;
  /** Sort key from the database (the player uses the module's index in `modules`). */
  position: number;
  title: string;
  description: string;
  durationMinutes: number;
  topics: string[];
  /** YouTube id; only ever sent to someone who may watch the course. Null: show the overlay. */
  videoId: string | null;
  hasVideo: boolean;
  /**
   * The video to play: YouTube, or Mux with short-lived signed tokens (only for someone who may watch
   * the module now). Null: show the overlay.
   */
  video: ModuleVideo | null;
  /**
   * The module's WebVTT captions track: the app's approved captions
   * (`/api/courses/:courseId/modules/:moduleId/captions.vtt`, served to those who may watch), else an
   * https address the mentor entered; null when none.
   */
  captionsUrl: string | null;
  /** The approved captions exist: the player shows them as the transcript (read from `captionsUrl`). */
  hasTranscript: boolean;
  /**
   * Drip release: the module opens `releaseAt` (ISO) after the student's grant. While locked,
   * its description, topics and video are not sent (empty / null).
   */
  locked: boolean;
  /** When a drip-released module opens (also after it has opened); null when it is open from the start. */
  releaseAt: string | null;
}

/** GET /api/courses/:courseId */
export interface CourseContentResponse {
  id: PlayerCourseId;
  title: string;
  description: string;
  /** Published modules in order. */
  modules: CourseModuleView[];
  /** Shown over the video area of a module without a video. */
  overlayText: string;
}

/** GET /api/progress/:courseId (and the answer of every progress write). */
export interface ProgressResponse {
  courseId: PlayerCourseId;
  /** Ids of completed modules (only modules the course still has). */
  completedModules: number[];
  /** Index into the course's modules. */
  currentModule: number;
  /** ISO time of the last change, null before any. */
  lastUpdated: string | null;
}

/**
 * POST /api/progress/starter/merge: the Starter progress a visitor kept in the browser, merged into
 * the server's record at the first sign-in (union of completed modules, the furthest current module).
 */
export interface MergeStarterProgressRequest {
  /** Module ids; ids the course does not have are ignored. */
  completedModules: number[];
  /** Index into the course's modules. */
  currentModule: number;
}

/** PUT /api/progress/:courseId/current */
export interface SetCurrentModuleRequest {
  currentModule: number;
}

/** DELETE /api/account */
export interface DeleteAccountRequest {
  /** Required when the account has a password. */
  password?: string;
  /** Required when the account has no password: the account's e-mail typed again. */
  confirmEmail?: string;
}

export interface DeleteAccountResponse {
  message: string;
}

/** GET /api/account/export: everything stored about the signed-in user. */
export interface AccountExport {
  exportedAt: string;
  account: {
    id: number;
    email: string;
    role: string;
    firstName: string | null;
    lastName: string | null;
    passwordSet: boolean;
    passwordChangedAt: string | null;
    /** When the owner proved the address (used a mailed link or reset the password). */
    claimedAt: string | null;
    /** Two-factor sign-in is on (the secret and the recovery codes are never exported). */
    twoFactorEnabled: boolean;
    createdAt: string;
    updatedAt: string;
    attribution: Record<string, string | null>;
  };
  grants: Array<{
    courseId: string;
    source: string;
    orderId: number | null;
    grantedAt: string;
    revokedAt: string | null;
    /** For access included in a larger product (source `included`): that product's course id, e.g. `accelerator`. */
    includedBy: string | null;
  }>;
  orders: Array<{
    id: number;
    courseId: string;
    email: string;
    firstName: string;
    lastName: string;
    amountOre: number;
    currency: string;
    paymentMethod: string;
    provider: string;
    status: string;
    refundedOre: number;
    termsAcceptedAt: string | null;
    /** The risk acknowledgement at checkout and the version of its text (null for orders before it was asked). */
    riskAcceptedAt: string | null;
    riskTextVersion: string | null;
    createdAt: string;
    paidAt: string | null;
    attribution: Record<string, string | null>;
    refunds: Array<{ amountOre: number; status: string; createdAt: string }>;
  }>;
  /** Memberships that renew by themselves (a Stripe subscription or a Vipps agreement). */
  subscriptions: Array<{
    productId: string;
    method: string;
    status: string;
    priceOre: number;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    failedAttempts: number;
    createdAt: string;
    endedAt: string | null;
  }>;
  progress: Array<{
    courseId: string;
    completedModules: number[];
    currentModule: number;
    lastUpdated: string;
  }>;
  leads: Array<{
    email: string;
    courseType: string;
    source: string;
    createdAt: string;
    unsubscribedAt: string | null;
    attribution: Record<string, string | null>;
  }>;
  sessions: Array<{
    createdAt: string;
    lastSeenAt: string;
    expiresAt: string;
    ip: string | null;
    userAgent: string | null;
  }>;
  emails: Array<{
    kind: string;
    subject: string;
    status: string;
    createdAt: string;
    sentAt: string | null;
  }>;
  /** Marketing e-mail: the recorded consent and its history (null: never asked for marketing mail). */
  marketing?: import('./marketing').MarketingExport | null;
  /** The private calendar feed of live sessions, if one was made (its secret address is left out, like session tokens). */
  calendarFeed: { createdAt: string } | null;
  /** Certificates issued to the account (name, course and date as printed; revoked ones too). */
  certificates: Array<{
    courseId: string;
    courseTitle: string;
    holderName: string | null;
    code: string;
    issuedAt: string;
    revokedAt: string | null;
  }>;
  /** Questions asked under the lessons, with the mentor's answers. */
  questions: import('./community').QuestionExport[];
  /** Quiz attempts on the modules, with the answers given and the scores. */
  quizAttempts: import('./quizzes').QuizAttemptExport[];
  /** Threads with the mentor (chart review), with every message and the images' details. */
  mentorThreads: import('./community').MentorThreadExport[];
  /** The linked Discord account (the private community), or null. */
  discord: { discordUserId: string; username: string; linkedAt: string } | null;
  /** «Logg inn med Vipps»: Vipps' identifier of the person for this site (`sub`) and when it was linked, or null. */
  vipps: { sub: string; linkedAt: string } | null;
  /** The account is a partner's (affiliate): the terms, codes, commissions and payouts; null otherwise. */
  partner?: import('./partners').PartnerExport | null;
}
