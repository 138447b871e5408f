import { Injectable, Logger } from '@nestjs/common';

/** A lead as the modules above leads hear of it (after it is stored). */
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
  /** The account, when the lead came with one (the free sign-up). */
  userId: number | null;
}

type Listener = (e: LeadCaptured) => void | Promise<void>;

/**
 * Leads sit low in the module graph: marketing (consent, sequences) listens here. A listener's
 * error is logged and never fails the form.
 */
@Injectable()
export class LeadEventsService {
  private readonly logger = new Logger('Leads');
  private readonly listeners = new Set<Listener>();

  onCaptured(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Runs every listener; resolves when all have settled. Never rejects. Free when nobody listens. */
  async emitCaptured(e: LeadCaptured): Promise<void> {
    if (this.listeners.size === 0) return;
    for (const l of this.listeners) {
      try {
        await l(e);
      } catch (err) {
        this.logger.error(`Lytter for nytt lead feilet: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}
