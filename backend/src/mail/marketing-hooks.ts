import { Injectable, Logger } from '@nestjs/common';

/** Kinds of marketing mail: they carry one-click unsubscribe and go only to addresses that may get marketing. */
export const MARKETING_MAIL_KINDS: ReadonlySet<string> = new Set(['broadcast', 'sequence']);

type Listener = (email: string) => void | Promise<void>;

/**
 * Where the marketing module (above mail in the module graph) plugs into the mail module: it hears
 * about unsubscribes and their undo from the signed links, and it tells the outbox worker at send
 * time whether an address may still get marketing (so a mail queued before an unsubscribe is never sent).
 */
@Injectable()
export class MarketingHooks {
  private readonly logger = new Logger('Mail');
  private readonly unsubscribed = new Set<Listener>();
  private readonly resubscribed = new Set<Listener>();
  private readonly bounced = new Set<Listener>();
  private gate: ((email: string) => Promise<boolean>) | null = null;

  onUnsubscribed(l: Listener): () => void {
    this.unsubscribed.add(l);
    return () => this.unsubscribed.delete(l);
  }

  onResubscribed(l: Listener): () => void {
    this.resubscribed.add(l);
    return () => this.resubscribed.delete(l);
  }

  /** The mail server refused the address for good (5xx on RCPT): it never gets marketing again. */
  onBounced(l: Listener): () => void {
    this.bounced.add(l);
    return () => this.bounced.delete(l);
  }

  /** The marketing module's answer to "may this address get marketing now?". */
  setGate(gate: ((email: string) => Promise<boolean>) | null): void {
    this.gate = gate;
  }

  /** Without the marketing module nobody may get marketing. */
  async mayReceive(email: string): Promise<boolean> {
    return this.gate ? this.gate(email) : false;
  }

  async emitUnsubscribed(email: string): Promise<void> {
    await this.run(this.unsubscribed, email);
  }

  async emitResubscribed(email: string): Promise<void> {
    await this.run(this.resubscribed, email);
  }

  async emitBounced(email: string): Promise<void> {
    await this.run(this.bounced, email);
  }

  private async run(listeners: Set<Listener>, email: string): Promise<void> {
    for (const l of listeners) {
      try {
        await l(email);
      } catch (e) {
        this.logger.error(`Avmelding: lytter feilet: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
}
