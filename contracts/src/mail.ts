/** The outgoing e-mail ('Utgående e-post') as the admin API shows it. */

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'logged'] as const;
export type OutboxStatusName = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<OutboxStatusName, string> = {
  pending: 'I kø',
  sending: 'Sendes',
  sent: 'Sendt',
  failed: 'Feilet',
  logged: 'Bare logget',
};

export const MAIL_KINDS = [
  'receipt',
  'welcome',
  'password_reset',
  'refund',
  'live_reminder',
  'live_changed',
  'marketing_confirm',
  'broadcast',
  'broadcast_test',
  'sequence',
  'mentorship_ending',
  'question_answered',
  'mentor_answered',
  'membership_ending',
  'membership_renewing',
  'membership_renewal_cancelled',
  'membership_renewal_resumed',
  'membership_renewal_failed',
  'access_granted',
  'sign_in_link',
  'email_change',
  'email_change_notice',
  'vipps_link',
  'totp_enabled',
  'totp_recovery_used',
  'totp_locked',
  'partner_welcome',
  'partner_payout',
  'checkout_reminder',
] as const;
export type MailKindName = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKindName, string> = {
  receipt: 'Kvittering',
  welcome: 'Velkomst (Starter)',
  password_reset: 'Glemt passord',
  refund: 'Refusjon',
  live_reminder: 'Påminnelse om live-økt',
  live_changed: 'Live-økt avlyst eller flyttet',
  marketing_confirm: 'Bekreft nyhetsbrev',
  broadcast: 'Utsendelse',
  broadcast_test: 'Testutsendelse',
  sequence: 'Sekvens',
  mentorship_ending: 'Mentorperioden slutter snart',
  question_answered: 'Svar på spørsmål',
  mentor_answered: 'Svar fra mentoren (innboks)',
  membership_ending: 'VIP-medlemskapet slutter snart',
  membership_renewing: 'VIP fornyes automatisk snart',
  membership_renewal_cancelled: 'VIP-fornyelse sagt opp',
  membership_renewal_resumed: 'VIP-fornyelse slått på igjen',
  membership_renewal_failed: 'VIP-fornyelse feilet (kort)',
  access_granted: 'Tilgang gitt av mentor',
  sign_in_link: 'Ny innloggingslenke',
  email_change: 'Bekreft ny e-postadresse',
  email_change_notice: 'E-postadressen endres (varsel til gammel adresse)',
  vipps_link: 'Bekreft kobling til Vipps',
  totp_enabled: 'Tofaktorinnlogging slått på',
  totp_recovery_used: 'Gjenopprettingskode brukt',
  totp_locked: 'Tofaktorinnlogging låst',
  partner_welcome: 'Velkommen som partner',
  partner_payout: 'Partner: utbetaling av provisjon',
  checkout_reminder: 'Påminnelse om bestilling',
};

/** GET /api/admin/outbox (list rows). */
export interface AdminOutboxMessage {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  status: OutboxStatusName;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  userId: number | null;
  createdAt: string;
}

/** GET /api/admin/outbox/:id: the row plus the plain-text part, one-time links hidden. */
export interface AdminOutboxMessageDetail extends AdminOutboxMessage {
  textBody: string;
}

/** POST /api/admin/outbox/:id/resend */
export interface ResendOutboxResponse {
  /** `requeued`: the same message goes out again (it had failed or not gone yet); `copied`: a new copy was queued. */
  action: 'requeued' | 'copied';
  message: AdminOutboxMessageDetail;
}
