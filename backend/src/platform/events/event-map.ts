/**
 * Every domain event of the application and its payload. Emitters and handlers name an event by its
 * string (`'order.paid'`), so searching the code for that string finds every handler and emitter.
 * docs/architecture.md "Events" lists who emits and who handles each one.
 */

/** An order that became paid (first time only), or the base of a refund. Amounts in øre. */
export interface OrderPaid {
  orderId: number;
  userId: number | null;
  email: string;
  courseId: string;
  /** Paid: the order's amount. Refunded: the amount of this refund. Øre. */
  amountOre: number;
  /** The buyer's account was created for this order (a new, passwordless account). */
  created: boolean;
}

export interface OrderRefunded extends OrderPaid {
  refundId: number;
  /** Everything refunded on the order so far, this refund included. */
  totalRefundedOre: number;
  /** The whole order is refunded now (access to the course was revoked). */
  full: boolean;
  /** The payment was refused when it landed and refunded at once. */
  refusal?: 'already_owned' | 'code_used_up' | 'upgrade_credit_gone';
}

/** A lead, after it is stored. */
export interface LeadCaptured {
  email: string;
  courseType: string;
  trafficSource: string | null;
  /** The page or code the form was sent from. */
  source: string;
  /** The box "Ja takk, send meg gratis tips og tilbud på e-post …" was ticked. */
  marketingConsent: boolean;
  /** The client's address, for the consent record. */
  ip: string | null;
  /**
   * The account, when the emitter knows it (the free sign-up). The lead form leaves it out: its INSERT
   * links the lead to the address's account in SQL and reads nothing back; ask identity when needed.
   */
  userId?: number;
}

/** A free sign-up. */
export interface SignedUp {
  userId: number;
  email: string;
  /** This sign-up made the account. */
  created: boolean;
  /** The account has a password (its owner signs in with it; no sign-in link is mailed). */
  passwordSet: boolean;
}

/** The owner proved the address (a one-time link or a completed reset), or changed the password. */
export type CredentialChange = 'claimed' | 'password-changed';

/** What happened to an account's second factor: the owner is told by mail (docs/decisions.md "Two-factor sign-in"). */
export interface TotpChanged {
  userId: number;
  change: 'enabled' | 'recovery-code-used' | 'locked';
  at: Date;
  /** For `locked`: until when codes from the app are refused. */
  lockedUntil?: Date;
  /** Unused recovery codes left after the change. */
  recoveryCodesLeft: number;
}

/** A membership's automatic renewal could not be charged (docs/decisions.md "Memberships"). */
export interface RenewalFailed {
  subscriptionId: number;
  userId: number;
  productId: string;
  /** The provider's charge (Stripe invoice id, Vipps charge id): one mail per failed charge. */
  chargeId: string;
  /** Access is kept until then while the member fixes the card. */
  graceEndsAt: Date;
}

export interface RenewalStopped {
  subscriptionId: number;
  userId: number;
  productId: string;
}

/** A checkout opened a pending order with the buyer's address (docs/decisions.md "Checkout reminders"). */
export interface CheckoutStarted {
  orderId: number;
  email: string;
  courseId: string;
  /** The box «Send meg en påminnelse hvis jeg ikke fullfører» was ticked. */
  remindMe: boolean;
}

export interface EventMap {
  /** Payments: an order became paid (once per order). In the payment's transaction and after commit. */
  'order.paid': OrderPaid;
  /**
   * The receipt of an order that became paid was issued (once per order), in the payment's transaction
   * after the in-transaction handlers of `order.paid`: the receipt's mail, queued with it.
   */
  'receipt.issued': OrderPaid;
  /** A refund was recorded (once per refund). In the refund's transaction and after commit. */
  'order.refunded': OrderRefunded;
  /** A checkout opened (or reopened) a pending order. In the checkout's transaction. */
  'checkout.started': CheckoutStarted;
  /** A lead was stored (the lead form or a free sign-up). */
  'lead.captured': LeadCaptured;
  /** A free sign-up (in the sign-up's transaction and after commit). */
  'user.signedUp': SignedUp;
  /** A student completed every module of a course. */
  'course.completed': { userId: number; courseId: string };
  /** A student passed a module's quiz (every passing attempt). */
  'quiz.passed': { userId: number; courseId: string; moduleId: number };
  /** A user's access to these courses began (a purchase, a grant, a free sign-up, an inclusion). In the granting transaction. */
  'access.granted': { userId: number; courseIds: string[]; grantId: number; source: string };
  /** A user's access to these courses ended (refund, revoke). In the revoking transaction. */
  'access.revoked': { userId: number; courseIds: string[]; revokedBy: number | null };
  /** The address used a signed unsubscribe link. In the click's transaction and after commit. */
  'mail.unsubscribed': { email: string };
  /** The address undid its unsubscribe. In the undo's transaction and after commit. */
  'mail.resubscribed': { email: string };
  /** The mail server refused the address for good (5xx on RCPT, or a hard bounce reported by Postmark's webhook). */
  'mail.bounced': { email: string };
  /** The address's owner marked a mail as spam (a feedback loop report through Postmark's webhook). */
  'mail.complained': { email: string };
  /** A membership's renewal charge failed (the grace began or went on). In the webhook's transaction. */
  'membership.renewalFailed': RenewalFailed;
  /** A member stopped a membership's renewal outside the shop (the Vipps agreement, in the app). In the webhook's transaction. */
  'membership.renewalStopped': RenewalStopped;
  /** Something the catalogue shows changed (texts, modules, students, launch seats). */
  'catalog.changed': Record<string, never>;
  /** An account's credentials changed: anything keyed to the old ones is replaced. */
  'credentials.changed': { userId: number; change: CredentialChange };
  /** The second factor was turned on, a recovery code was used, or wrong codes locked it. In the change's transaction. */
  'totp.changed': TotpChanged;
}

export type EventName = keyof EventMap;
