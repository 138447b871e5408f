import {
  AUDIT_ACTIONS,
  CATALOG_IDS,
  LEAD_COURSE_TYPES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PROVIDER_LABELS,
  ROLE_LABELS,
  PLAYER_COURSE_IDS,
  TRAFFIC_SOURCES,
  variantLabel,
  type AuditAction,
} from '@academy/contracts';

/** Norwegian names of the API's codes, and choices for the select inputs. */

export const COURSE_LABELS: Record<string, string> = {
  starter: 'Starter',
  foundation: 'Foundation',
  accelerator: 'Accelerator',
  kryptovaluta: 'Kryptovaluta',
  microkurs: 'Microkurs',
  temakurs: 'Temakurs',
  vip: 'VIP',
};

/** The order's words are shared with the server's CSV exports (contracts' order-labels). */
export { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, ROLE_LABELS };
export const PROVIDER_LABELS: Record<string, string> = PAYMENT_PROVIDER_LABELS;

export const GRANT_SOURCE_LABELS: Record<string, string> = {
  purchase: 'Kjøp',
  free: 'Gratis',
  manual: 'Gitt av mentor',
  included: 'Inkludert i et større kurs',
};

/** How the provider ended a payment that was never made (AdminOrder.closedAs), shown in place of 'Utløpt'. */
export const CLOSING_LABELS: Record<string, string> = {
  aborted: 'Avvist i Vipps',
  expired: 'Utløpt i Vipps',
  cancelled: 'Kansellert i Vipps',
  terminated: 'Avsluttet av Vipps',
};
/** What a refund's reference at the provider is called on the order page. */
export const REFUND_REFERENCE_LABELS: Record<string, string> = {
  stripe: 'Stripe-id',
  vipps: 'Vipps-referanse',
  demo: 'Referanse',
};

/**
 * Every action the server writes to the audit log, in Norwegian (e2e/browser/admin-labels.spec.ts
 * finds the actions in backend/src and fails on one without a label here).
 */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'lead.update': 'Lead endret',
  'lead.delete': 'Lead slettet',
  'user.create': 'Elev opprettet',
  'grant.create': 'Tilgang gitt',
  'grant.revoke': 'Tilgang trukket tilbake',
  'grant.membership.end': 'Medlemskap utløpt',
  'order.refund': 'Ordre refundert',
  'payment_review.resolve': 'Fornyelsesbetaling merket som behandlet',
  'fiken.retry': 'Fiken: prøvd på nytt',
  'fiken.backfill': 'Fiken: tidligere bilag sendt',
  'course.update': 'Kurs endret',
  'module.create': 'Modul opprettet',
  'module.update': 'Modul endret',
  'module.delete': 'Modul slettet',
  'module.video_upload': 'Videoopplasting startet',
  'module.video_ready': 'Video klar (Mux)',
  'module.video_errored': 'Video feilet (Mux)',
  'module.captions_update': 'Teksting lagret',
  'module.captions_generated': 'Teksting generert (Mux)',
  'quiz.put': 'Quiz lagret',
  'quiz.delete': 'Quiz slettet',
  'settings.update': 'Innstillinger endret',
  'grant.release': 'Alle moduler åpnet tidlig',
  'grant.mentorship.extend': 'Mentorperiode forlenget',
  'grant.membership.extend': 'VIP-periode forlenget',
  'grant.membership.stop': 'VIP-periode avsluttet av mentor',
  'user.update': 'Elev endret',
  'user.email_change': 'E-postadresse byttet (bekreftet av eleven)',
  'user.email_change_stop': 'E-postbytte stoppet fra den gamle adressen',
  'user.signin_link': 'Ny innloggingslenke sendt',
  'certificate.revoke': 'Sertifikat trukket tilbake',
  'campaign_code.create': 'Kampanjekode opprettet',
  'campaign_code.update': 'Kampanjekode endret',
  'campaign_code.delete': 'Kampanjekode slettet',
  'live_session.create': 'Live-økt planlagt',
  'live_session.update': 'Live-økt endret',
  'live_session.cancel': 'Live-økt avlyst',
  'broadcast.created': 'Utsendelse opprettet',
  'broadcast.updated': 'Utsendelse endret',
  'broadcast.test_sent': 'Testutsendelse sendt',
  'broadcast.scheduled': 'Utsendelse planlagt',
  'broadcast.sent': 'Utsendelse sendt',
  'broadcast.cancelled': 'Utsendelse avbrutt',
  'sequence.created': 'Sekvens opprettet',
  'sequence.updated': 'Sekvens endret',
  'question.answer': 'Spørsmål besvart',
  'question.answer_edit': 'Svar på spørsmål endret',
  'question.update': 'Spørsmål skjult, vist eller festet',
  'question.delete': 'Spørsmål slettet',
  'mentor_thread.answer': 'Mentor-tråd besvart',
  'mentor_thread.status': 'Status på mentor-tråd endret',
  'account.deleted_by_user': 'Konto slettet av eleven selv',
  'user.discord_sync': 'Discord-roller synkronisert',
  'user.email-duplicate': 'E-postadresse kolliderer med en annen konto (må ryddes)',
  'subscription.cancel': 'Automatisk fornyelse sagt opp',
  'subscription.resume': 'Automatisk fornyelse slått på igjen',
  'partner.create': 'Partner lagt til',
  'partner.payout': 'Partnerprovisjon utbetalt',
  'partner.erase': 'Partner slettet (personopplysninger)',
  'partner.erase_requested': 'Sletting av partner bestilt (etter utbetaling)',
  'partner.commission_earned': 'Partnerprovisjon opptjent',
  'partner.commission_refund': 'Partnerprovisjon redusert eller annullert (refusjon)',
};

export const ENTITY_LABELS: Record<string, string> = {
  lead: 'Lead',
  user: 'Elev',
  grant: 'Tilgang',
  order: 'Ordre',
  payment_review: 'Fornyelsesbetaling til vurdering',
  course: 'Kurs',
  module: 'Modul',
  settings: 'Innstillinger',
  certificate: 'Sertifikat',
  campaign_code: 'Kampanjekode',
  live_session: 'Live-økt',
  broadcast: 'Utsendelse',
  sequence: 'Sekvens',
  lesson_question: 'Spørsmål',
  mentor_thread: 'Mentor-tråd',
  subscription: 'Abonnement (fornyelse)',
  partner: 'Partner',
};

const choices = (ids: readonly string[], labels: Record<string, string>) => ids.map((id) => ({ id, name: labels[id] ?? id }));

export const courseChoices = choices(PLAYER_COURSE_IDS, COURSE_LABELS);
/** Every product of the catalogue (the courses and VIP): what an order or a student's access can be filtered on. */
export const catalogChoices = choices(CATALOG_IDS, COURSE_LABELS);
export const leadCourseChoices = choices(LEAD_COURSE_TYPES, COURSE_LABELS);
/** The variants by their one name (contracts' VARIANT_LABELS), and `ukjent` for none. */
export const variantChoices = [...TRAFFIC_SOURCES, 'ukjent'].map((id) => ({ id, name: variantLabel(id) }));
export const orderStatusChoices = choices(ORDER_STATUSES, ORDER_STATUS_LABELS);
export const paymentMethodChoices = choices(['card', 'vipps', 'klarna'], PAYMENT_METHOD_LABELS);
export const providerChoices = choices(['stripe', 'vipps', 'demo'], PROVIDER_LABELS);
export const roleChoices = choices(['student', 'admin'], ROLE_LABELS);
export const actionChoices = choices(AUDIT_ACTIONS, ACTION_LABELS);
export const entityChoices = choices(Object.keys(ENTITY_LABELS), ENTITY_LABELS);

export const label = (map: Record<string, string>, id: string | null | undefined): string => (id ? (map[id] ?? id) : '–');
