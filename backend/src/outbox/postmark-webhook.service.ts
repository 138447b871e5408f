import { Inject, Injectable, Logger } from '@nestjs/common';
import { MSG } from '@academy/contracts';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { sameSecret } from '../platform/crypto/same-secret';
import { normalizeEmailAddress } from '../platform/dto/email-address';
import { badRequest, notFound, unauthenticated } from '../platform/errors/app-error';
import { EventBus } from '../platform/events';

/**
 * Postmark's bounce types that mean the address will never take mail: the mailbox or domain does not
 * exist, or the address is not an address. Everything else (SoftBounce, Transient, DnsError,
 * AutoResponder, Blocked, DMARCPolicy, …) is temporary or about the message, not the address, and is
 * ignored: the outbox retries what it can, and the next mail tries again.
 */
export const HARD_BOUNCE_TYPES: ReadonlySet<string> = new Set(['HardBounce', 'BadEmailAddress']);

export type PostmarkAction = 'bounced' | 'complained' | 'ignored';

export interface PostmarkWebhookAnswer {
  received: true;
  action: PostmarkAction;
}

/**
 * Postmark's bounce and spam-complaint webhooks (https://postmarkapp.com/developer/webhooks): the
 * request is authenticated by the HTTP basic auth in the webhook's URL (POSTMARK_WEBHOOK_USER and
 * POSTMARK_WEBHOOK_PASSWORD, compared in constant time). A hard bounce tells the site 'mail.bounced'
 * and a spam complaint 'mail.complained': marketing marks the address and never mails it marketing again.
 */
@Injectable()
export class PostmarkWebhookService {
  private readonly logger = new Logger('Postmark');

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly events: EventBus,
  ) {}

  /** Throws 404 while the webhook is not set up, 401 for missing or wrong credentials. */
  authenticate(authorization: unknown): void {
    const creds = this.cfg.postmarkWebhook;
    if (!creds) throw notFound(MSG.notFound);
    const m = typeof authorization === 'string' ? /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization.trim()) : null;
    const decoded = m ? Buffer.from(m[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const user = colon >= 0 ? decoded.slice(0, colon) : '';
    const password = colon >= 0 ? decoded.slice(colon + 1) : '';
    // Both compared, always, so the answer takes as long whichever part is wrong.
    const userOk = sameSecret(user, creds.user);
    const passwordOk = sameSecret(password, creds.password);
    if (!m || colon < 0 || !userOk || !passwordOk) throw unauthenticated(MSG.unauthenticated);
  }

  /** What the record means for the address; a record that is not one of Postmark's is refused (400). */
  classify(body: unknown): { action: PostmarkAction; email: string | null; type: string } {
    const invalid = () => badRequest(MSG.validation, 'VALIDATION_FAILED');
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid();
    const record = body as Record<string, unknown>;
    const recordType = record.RecordType;
    if (typeof recordType !== 'string' || recordType === '') throw invalid();
    if (recordType !== 'Bounce' && recordType !== 'SpamComplaint') return { action: 'ignored', email: null, type: recordType };
    const type = record.Type;
    if (typeof type !== 'string' || type === '') throw invalid();
    const email = normalizeEmailAddress(record.Email);
    if (email === null) throw invalid();
    if (recordType === 'SpamComplaint' || type === 'SpamComplaint') return { action: 'complained', email, type };
    return { action: HARD_BOUNCE_TYPES.has(type) ? 'bounced' : 'ignored', email, type };
  }

  async handle(authorization: unknown, body: unknown): Promise<PostmarkWebhookAnswer> {
    this.authenticate(authorization);
    const { action, email, type } = this.classify(body);
    if (action === 'bounced' && email) await this.events.emit('mail.bounced', { email });
    if (action === 'complained' && email) await this.events.emit('mail.complained', { email });
    if (action !== 'ignored') this.logger.log({ action, type }, `Postmark: ${type}`);
    return { received: true, action };
  }
}
