/**
 * Request bodies the storefront and the admin panel send, one type each. The backend's DTO classes
 * `implements` them (a unit spec checks every DTO does), so a field renamed on one side fails the
 * type check on the other. Bodies that live beside their feature (live sessions, mentorship,
 * account, progress) are in that feature's file.
 */
import type { Attribution, MeResponse } from './api';
import type { CatalogId, LeadCourseType, PaymentMethod, PlayerCourseId, TrafficSource } from './catalog';
import type { Segment, SegmentAudience, SequenceStepInput, SequenceTrigger } from './marketing';
import type { VideoProvider } from './video';
import type { VatTreatment } from './receipts';

// ---- sign-in, password, 2FA (identity, account)

/** POST /api/auth/login */
export interface LoginRequest {
  email: string;
  password: string;
  /** The 6-digit code or a recovery code, when the account has two-factor sign-in. */
  totp?: string;
}

/** POST /api/auth/password: set (no password yet) or change it. */
export interface SetPasswordRequest {
  newPassword: string;
  confirmPassword: string;
  currentPassword?: string;
}

/** POST /api/create-user: the free sign-up. */
export interface CreateUserRequest {
  email: string;
  courseType: LeadCourseType;
  trafficSource: TrafficSource;
  attribution?: Attribution;
  /** The box "Ja takk, send meg gratis tips og tilbud på e-post …" was ticked. */
  marketingConsent?: boolean;
}

/** POST /api/auth/forgot-password */
export interface ForgotPasswordRequest {
  email: string;
}

/** POST /api/auth/reset-password */
export interface ResetPasswordRequest {
  token: string;
  newPassword: string;
  confirmPassword: string;
  /** The second factor, for an account that has one (otherwise 401 TOTP_REQUIRED and nothing changes). */
  totp?: string;
}

/** POST /api/auth/totp/enable */
export interface EnableTotpRequest {
  code: string;
}

/** POST /api/auth/totp/disable */
export interface DisableTotpRequest {
  password: string;
  code: string;
}

/** POST /api/auth/reauth: the password again (and the code when 2FA is on) before a sensitive step. */
export interface ReauthRequest {
  password: string;
  totp?: string;
}

// ---- checkout

/** POST /api/checkout/sessions */
export interface CreateCheckoutSessionRequest {
  courseId: string;
  email: string;
  firstName: string;
  lastName: string;
  paymentMethod: PaymentMethod;
  /** Immediate delivery, and the right of withdrawal lapses (angrerettloven § 22 n). */
  acceptTerms: true;
  /** The risk text (RISK_ACKNOWLEDGEMENT_TEXT) acknowledged; stored with its version and time. */
  acceptRisk: true;
  /** A campaign code; the server checks and prices it. */
  campaignCode?: string;
  /**
   * «Forny automatisk hvert år»: a membership (VIP) bought as a yearly subscription (card). Refused for
   * other courses and with a campaign code; never on unless the buyer ticked it.
   */
  autoRenew?: boolean;
  /** «Send meg en påminnelse hvis jeg ikke fullfører» (CHECKOUT_REMINDER_TEXT), unticked unless the buyer ticks it. */
  remindMe?: boolean;
  attribution?: Attribution;
}

/** GET /api/checkout/quote (query string). */
export interface CheckoutQuoteQuery {
  courseId: string;
  campaignCode?: string;
}

// ---- the admin panel

/** POST /api/admin/users: a student made by an administrator. */
export interface CreateStudentRequest {
  email: string;
}

/** POST /api/admin/users/:id/grants */
export interface CreateGrantRequest {
  /** A course or VIP (a membership: its period starts now, or at the end of a running one). */
  courseId: PlayerCourseId | CatalogId;
  note?: string;
  /** Mail the student that the course is open, with a sign-in link if the account has no password (default true). */
  notify?: boolean;
}

/** POST /api/admin/users/bulk-grant: one course to several students, each granted, audited and mailed on their own. */
export interface BulkGrantRequest extends CreateGrantRequest {
  userIds: number[];
}

/** What a bulk grant did: the students who got the course, and those who had it already. */
export interface BulkGrantResponse {
  granted: number[];
  alreadyOwned: number[];
}

/** PATCH /api/admin/users/:id: the mentor's edit of a student. A new e-mail takes effect when the student confirms it. */
export interface UpdateStudentRequest {
  firstName?: string | null;
  lastName?: string | null;
  adminNote?: string | null;
  email?: string;
}

/** POST /api/admin/grants/:id/membership: lengthen a VIP period by whole days. */
export interface ExtendMembershipRequest {
  days: number;
}

/** POST /api/account/email/confirm: the token from the confirmation mail. */
export interface ConfirmEmailChangeRequest {
  token: string;
}

/** POST /api/account/email/stop: the link mailed to the old address stops a change still waiting. */
export interface StopEmailChangeRequest {
  token: string;
}

/** POST /api/admin/orders/:id/refund. `amount` in kroner; the whole remainder when left out. */
export interface RefundOrderRequest {
  amount?: number;
  reason: string;
  /**
   * The order's money is the credit of a paid upgrade (`creditTiedOre` > 0): refund that upgrade in
   * full and this order in full, together. Without it such an order refunds at most `refundableOre`.
   */
  withUpgrade?: boolean;
}

/** PUT/PATCH /api/admin/leads/:id: the mentor's own fields. */
export interface UpdateLeadRequest {
  note?: string | null;
  contacted?: boolean;
}

/** POST /api/admin/leads/contacted: marks the chosen leads contacted (or not). */
export interface MarkLeadsContactedRequest {
  ids: number[];
  contacted: boolean;
}

/** PUT/PATCH /api/admin/courses/:id */
export interface UpdateCourseRequest {
  id?: PlayerCourseId;
  title?: string;
  description?: string | null;
  mentorshipMonths?: number;
  vatTreatment?: VatTreatment;
  /** Required for `split`: > 0 and below the price (øre). */
  vatExemptOre?: number | null;
}

/** The fields of a module an administrator may set. */
export interface ModuleFieldsRequest {
  description?: string | null;
  durationMinutes?: number;
  topics?: string[];
  /** `youtube` (the default) or `mux` (needs Mux configured on the server). */
  videoProvider?: VideoProvider;
  /** The video of the module's provider: a YouTube id or link, or a Mux playback id; blank or null removes it. */
  videoId?: string | null;
  /** https address of a .vtt captions file; blank or null removes it. */
  captionsUrl?: string | null;
  position?: number;
  published?: boolean;
  releaseAfterDays?: number;
}

/** PUT/PATCH /api/admin/modules/:id */
export interface UpdateModuleRequest extends ModuleFieldsRequest {
  title?: string;
}

/** POST /api/admin/modules */
export interface CreateModuleRequest extends ModuleFieldsRequest {
  courseId: PlayerCourseId;
  title: string;
}

/** PUT /api/admin/settings */
export interface UpdateSettingsRequest {
  id?: 'site';
  videoOverlayText?: string;
  mentorBookingUrl?: string | null;
  /** Whole number, 0 or more: from how many students the pages show the count. */
  studentCountThreshold?: number;
}

/** POST /api/admin/campaign-codes. `percentOff` or `amountOffOre`, not both. */
export interface CreateCampaignCodeRequest {
  code: string;
  percentOff?: number | null;
  amountOffOre?: number | null;
  courseIds: string[];
  validFrom?: string | null;
  validTo?: string | null;
  maxUses?: number | null;
  active?: boolean;
}

/** PUT/PATCH /api/admin/campaign-codes/:id (every field optional). */
export type UpdateCampaignCodeRequest = Partial<CreateCampaignCodeRequest>;

// ---- marketing (admin panel)

/** A segment as the panel sends it. */
export interface SegmentRequest extends Segment {
  audience: SegmentAudience;
}

/** Subject and body of a broadcast; `utm` adds the campaign's UTM parameters to its links. */
export interface BroadcastContentRequest {
  subject: string;
  body: string;
  utm?: boolean;
}

/** POST /api/admin/broadcasts */
export interface BroadcastRequest extends BroadcastContentRequest {
  segment: SegmentRequest;
}

/** POST /api/admin/broadcasts/count */
export interface SegmentCountRequest {
  segment: SegmentRequest;
}

/** POST /api/admin/broadcasts/:id/test */
export interface BroadcastTestRequest {
  email: string;
}

/** POST /api/admin/broadcasts/:id/send; `at` schedules it. */
export interface BroadcastSendRequest {
  at?: string;
}

/** PUT/PATCH /api/admin/broadcasts/:id */
export interface UpdateBroadcastRequest {
  subject?: string;
  body?: string;
  utm?: boolean;
  segment?: SegmentRequest;
}

/** POST /api/admin/sequences */
export interface SequenceRequest {
  name: string;
  trigger: SequenceTrigger;
  triggerValue?: string | null;
  active?: boolean;
  utm?: boolean;
  steps: SequenceStepInput[];
}

/** PUT/PATCH /api/admin/sequences/:id */
export type UpdateSequenceRequest = Partial<SequenceRequest>;

// ---- answers of the sign-in and password routes

/** The answer of a route that signs in (login, token-login). */
export interface SignedInResponse {
  user: MeResponse;
}

/** A neutral message (forgot-password answers the same whether or not the address has an account). */
export interface MessageResponse {
  message: string;
}

/** The answer of setting a password (set, change or reset): the person is signed in. */
export interface PasswordSetResponse extends MessageResponse, SignedInResponse {}
