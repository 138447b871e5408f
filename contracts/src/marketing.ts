/** Marketing e-mail: consent, broadcasts ('Utsendelser') and sequences ('Sekvenser'). */

/** The checkbox on the lead forms and the free sign-up, word for word (stored with each consent). */
export const MARKETING_CONSENT_TEXT = 'Ja takk, send meg gratis tips og tilbud på e-post. Du kan melde deg av når som helst.';
/** Bumped whenever MARKETING_CONSENT_TEXT changes. */
export const MARKETING_CONSENT_VERSION = '2026-11-1';

export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'customer', 'unsubscribed', 'bounced', 'complained'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
/** The only statuses marketing e-mail ever goes to. */
export const MARKETABLE_STATUSES: readonly SubscriberStatus[] = ['subscribed', 'customer'];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Venter på bekreftelse',
  subscribed: 'Påmeldt',
  customer: 'Kunde (kan melde seg av)',
  unsubscribed: 'Avmeldt',
  bounced: 'Avvist',
  complained: 'Klaget',
};

export const SEGMENT_AUDIENCES = ['leads', 'students', 'all'] as const;
export type SegmentAudience = (typeof SEGMENT_AUDIENCES)[number];
/** The variants a lead can come from: the four landing variants and the free Starter. */
export const SEGMENT_VARIANTS = ['A', 'B', 'C', 'D', 'starter'] as const;

export interface Segment {
  audience: SegmentAudience;
  variants?: string[];
  owns?: string[];
  notOwns?: string[];
  /** YYYY-MM-DD (Oslo), inclusive. */
  from?: string;
  to?: string;
}

export const BROADCAST_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];
export const BROADCAST_STATUS_LABELS: Record<BroadcastStatus, string> = {
  draft: 'Utkast',
  scheduled: 'Planlagt',
  sending: 'Sendes',
  sent: 'Sendt',
  cancelled: 'Avbrutt',
};

/** GET /api/admin/broadcasts(/:id). */
export interface AdminBroadcast {
  id: number;
  subject: string;
  body: string;
  segment: Segment;
  utm: boolean;
  status: BroadcastStatus;
  sendAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Draft/scheduled: the segment's size now; from the start: the frozen recipient list. */
  recipients: number;
  sent: number;
  failed: number;
  pending: number;
  createdAt: string;
  updatedAt: string;
}

export interface CreateBroadcastResponse {
  id: number;
  recipients: number;
}

export interface BroadcastPreview {
  subject: string;
  html: string;
  text: string;
}

export const SEQUENCE_TRIGGERS = ['lead', 'starter_completed', 'bought'] as const;
export type SequenceTrigger = (typeof SEQUENCE_TRIGGERS)[number];
export const SEQUENCE_TRIGGER_LABELS: Record<SequenceTrigger, string> = {
  lead: 'Lead registrert',
  starter_completed: 'Starter fullført',
  bought: 'Kjøpte kurs',
};

export interface SequenceStepInput {
  id?: number;
  waitDays: number;
  /** Local hour in Europe/Oslo (0–23) the mail goes at, after waiting. */
  sendHour: number;
  subject: string;
  body: string;
  /** Stop the sequence before this step if the person has bought this course ('any': any paid course). */
  stopIfBought?: string | null;
}

export interface AdminSequenceStep extends Required<SequenceStepInput> {
  position: number;
  waiting: number;
  sent: number;
  stopped: number;
}

/** GET /api/admin/sequences(/:id). */
export interface AdminSequence {
  id: number;
  name: string;
  trigger: SequenceTrigger;
  /** lead: a variant (A–D, starter) or null for any; bought: a course id (null: any). */
  triggerValue: string | null;
  active: boolean;
  utm: boolean;
  steps: AdminSequenceStep[];
  enrolled: number;
  createdAt: string;
  updatedAt: string;
}

/** The marketing part of the data export. */
export interface MarketingExport {
  email: string;
  status: SubscriberStatus;
  consentText: string | null;
  consentVersion: string | null;
  consentAt: string | null;
  consentSource: string | null;
  consentIp: string | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  sequences: Array<{ sequence: string; status: string; enrolledAt: string }>;
  broadcasts: Array<{ subject: string; at: string }>;
}
