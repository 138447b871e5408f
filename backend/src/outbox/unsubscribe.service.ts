import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { createHmac, timingSafeEqual } from 'node:crypto';

import { APP_CONFIG, AppConfig } from '../platform/config';
import { normalizeEmail } from '../platform/crypto/tokens';
import { linkPage, postButton, type HtmlPage } from './link-page';
import { EventBus } from '../platform/events';
import { MSG } from '@academy/contracts';

/** Signed unsubscribe links (HMAC-SHA256 with APP_SECRET): no login, and nobody can unsubscribe someone else. */
@Injectable()
export class UnsubscribeService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly events: EventBus,
  ) {}

  onModuleInit(): void {
    if (this.cfg.appSecretEphemeral && this.cfg.nodeEnv !== 'test')
      new Logger('Mail').warn(
        'APP_SECRET is not set: using a random key for this process (unsubscribe links stop working after a restart)',
      );
  }

  sign(email: string): string {
    return createHmac('sha256', this.cfg.appSecret)
      .update(`unsubscribe:${normalizeEmail(email)}`)
      .digest('base64url');
  }

  verify(email: string, sig: string): boolean {
    const expected = Buffer.from(this.sign(email));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  url(email: string): string {
    const e = normalizeEmail(email);
    return `${this.cfg.publicUrl}/api/unsubscribe?email=${encodeURIComponent(e)}&sig=${this.sign(e)}`;
  }

  /** `mailto:` for the List-Unsubscribe header (RFC 2369): a mail to the privacy mailbox. */
  mailto(email: string): string {
    return `mailto:${this.cfg.privacyEmail}?subject=${encodeURIComponent(`Avmelding ${normalizeEmail(email)}`)}`;
  }

  /**
   * The address is off the marketing list: every lead of it is marked unsubscribed (once; a second
   * click changes nothing) in one transaction, then the list's owners hear of it.
   */
  async unsubscribe(email: string): Promise<void> {
    const e = normalizeEmail(email);
    await this.ds.transaction((m) => this.events.emitInTransaction('mail.unsubscribed', { email: e }, m));
    await this.events.emit('mail.unsubscribed', { email: e });
  }

  /** The undo on the unsubscribe page: back on the list as before. */
  async resubscribe(email: string): Promise<void> {
    const e = normalizeEmail(email);
    await this.ds.transaction((m) => this.events.emitInTransaction('mail.resubscribed', { email: e }, m));
    await this.events.emit('mail.resubscribed', { email: e });
  }

  /** The address of a signed link's query (`email`, `sig`), or null when the link is not genuine. */
  private signedAddress(query: Record<string, unknown>): string | null {
    const email = query?.email;
    const sig = query?.sig;
    if (typeof email !== 'string' || typeof sig !== 'string' || email.length > 254 || sig.length > 128) return null;
    return this.verify(email, sig) ? email : null;
  }

  /**
   * GET /api/unsubscribe?email=…&sig=…: checks the signature and shows a page with a button; it
   * changes nothing. Mail scanners (e.g. Outlook Safe Links) open every link of a mail, and must not
   * unsubscribe anyone; the button POSTs to the same signed link.
   */
  async show(query: Record<string, unknown>): Promise<HtmlPage> {
    const email = this.signedAddress(query);
    if (email === null) return this.invalid();
    return linkPage(
      this.cfg,
      200,
      'Meld deg av e-post fra oss',
      `Trykk på knappen for å slutte å få nyhetsbrev og tilbud på ${normalizeEmail(email)}. ` +
        'E-post som gjelder kjøp og kontoen din, som kvitteringer og lenker for nytt passord, får du fortsatt.',
      postButton(this.action(query), { name: 'unsubscribe', value: '1' }, 'Meld meg av'),
    );
  }

  /**
   * A POST to the signed link. `List-Unsubscribe=One-Click` (RFC 8058, from the mail provider):
   * unsubscribes, `{ page: null }` (no page). `unsubscribe=1` (the page's button): unsubscribes and
   * answers the page with the undo. `undo=1` (the undo button): back on the list. Null: none of these,
   * or a link that is not genuine for the one-click (the controller answers the 400 error).
   */
  async post(query: Record<string, unknown>, body: unknown): Promise<{ page: HtmlPage | null } | null> {
    const field = (name: string): unknown =>
      body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
    const email = this.signedAddress(query);
    if (field('List-Unsubscribe') === 'One-Click') {
      if (email === null) return null;
      await this.unsubscribe(email);
      return { page: null };
    }
    const undo = field('undo') === '1';
    if (!undo && field('unsubscribe') !== '1') return null;
    if (email === null) return { page: this.invalid() };
    if (undo) {
      await this.resubscribe(email);
      return {
        page: linkPage(
          this.cfg,
          200,
          'Du er påmeldt igjen',
          `Avmeldingen er angret. Vi sender fortsatt tips og tilbud til ${normalizeEmail(email)}, og du kan melde deg av når som helst.`,
        ),
      };
    }
    await this.unsubscribe(email);
    return {
      page: linkPage(
        this.cfg,
        200,
        'Du er meldt av',
        `Vi sender ikke flere nyhetsbrev eller tilbud til ${normalizeEmail(email)}. ` +
          'E-post som gjelder kjøp og kontoen din, som kvitteringer og lenker for nytt passord, får du fortsatt.',
        `<p>Var det en feil?</p>${postButton(this.action(query), { name: 'undo', value: '1' }, 'Angre avmeldingen', true)}`,
      ),
    };
  }

  private invalid(): HtmlPage {
    return linkPage(this.cfg, 400, MSG.unsubscribeInvalidTitle, MSG.unsubscribeInvalidText(this.cfg.contactEmail));
  }

  /** The signed link itself (relative), for the page's forms to post back to. */
  private action(query: Record<string, unknown>): string {
    return `/api/unsubscribe?email=${encodeURIComponent(String(query.email))}&sig=${encodeURIComponent(String(query.sig))}`;
  }
}
