/** Kinds of marketing mail: they carry one-click unsubscribe and go only to addresses that may get marketing. */
export const MARKETING_MAIL_KINDS: ReadonlySet<string> = new Set(['broadcast', 'sequence']);

/**
 * "May this address get marketing now?", asked by the outbox worker at send time (so a mail queued
 * before an unsubscribe is never sent). The mail module declares it; marketing, which owns the list
 * and sits above mail, provides it (marketing/marketing-ports.module.ts).
 */
export const MARKETING_GATE = Symbol('MARKETING_GATE');

export interface MarketingGate {
  mayReceive(email: string): Promise<boolean>;
}
