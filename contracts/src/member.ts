import type { PlayerCourseId } from './catalog';

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
    createdAt: string;
    paidAt: string | null;
    attribution: Record<string, string | null>;
    refunds: Array<{ amountOre: number; status: string; createdAt: string }>;
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
}
