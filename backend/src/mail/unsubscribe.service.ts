import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';

import { APP_CONFIG, AppConfig } from '../platform/config';
import { normalizeEmail } from '../platform/crypto/tokens';
import { LeadsService } from '../leads/leads.service';
import { escapeHtml } from './mail-format';
import { MarketingHooks } from './marketing-hooks';
import { MSG } from '@academy/contracts';

export interface HtmlPage {
  status: number;
  html: string;
}

/** Signed unsubscribe links (HMAC-SHA256 with APP_SECRET): no login, and nobody can unsubscribe someone else. */
@Injectable()
export class UnsubscribeService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly leads: LeadsService,
    private readonly hooks: MarketingHooks,
  ) {}

  onModuleInit(): void {
    if (this.cfg.appSecretEphemeral && this.cfg.nodeEnv !== 'test')
      new Logger('Mail').warn(
        'APP_SECRET er ikke satt: bruker en tilfeldig nøkkel for denne prosessen (avmeldingslenker slutter å virke ved omstart)',
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
   * Marks every lead of the address as unsubscribed and takes it off the marketing list (once; a
   * second click changes nothing).
   */
  async unsubscribe(email: string): Promise<number> {
    const e = normalizeEmail(email);
    const n = await this.leads.unsubscribe(e);
    await this.hooks.emitUnsubscribed(e);
    return n;
  }

  /** The undo on the unsubscribe page: back on the list as before. */
  async resubscribe(email: string): Promise<void> {
    const e = normalizeEmail(email);
    await this.leads.resubscribe(e);
    await this.hooks.emitResubscribed(e);
  }

  /** POST `undo=1` to the signed link (the unsubscribe page's button): a page, or null when not such a request. */
  async undo(query: Record<string, unknown>, body: unknown): Promise<HtmlPage | null> {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>).undo : undefined;
    if (value !== '1') return null;
    const email = this.signedAddress(query);
    if (email === null) return null;
    await this.resubscribe(email);
    return {
      status: 200,
      html: this.page(
        'Du er påmeldt igjen',
        `Avmeldingen er angret. Vi sender fortsatt tips og tilbud til ${normalizeEmail(email)}, og du kan melde deg av når som helst.`,
      ),
    };
  }

  /** The address of a signed link's query (`email`, `sig`), or null when the link is not genuine. */
  private signedAddress(query: Record<string, unknown>): string | null {
    const email = query?.email;
    const sig = query?.sig;
    if (typeof email !== 'string' || typeof sig !== 'string' || email.length > 254 || sig.length > 128) return null;
    return this.verify(email, sig) ? email : null;
  }

  /**
   * RFC 8058 one-click unsubscribe: the mail provider POSTs `List-Unsubscribe=One-Click` to the link of the
   * List-Unsubscribe header. True when the link is genuine and the body is that request (then unsubscribed).
   */
  async oneClick(query: Record<string, unknown>, body: unknown): Promise<boolean> {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)['List-Unsubscribe'] : undefined;
    if (value !== 'One-Click') return false;
    const email = this.signedAddress(query);
    if (email === null) return false;
    await this.unsubscribe(email);
    return true;
  }

  /** GET /api/unsubscribe?email=…&sig=…: checks the signature, unsubscribes, answers a small page. */
  async handle(query: Record<string, unknown>): Promise<HtmlPage> {
    const email = this.signedAddress(query);
    if (email === null) {
      return {
        status: 400,
        html: this.page(MSG.unsubscribeInvalidTitle, MSG.unsubscribeInvalidText(this.cfg.contactEmail)),
      };
    }
    await this.unsubscribe(email);
    return {
      status: 200,
      html: this.page(
        'Du er meldt av',
        `Vi sender ikke flere nyhetsbrev eller tilbud til ${normalizeEmail(email)}. ` +
          'E-post som gjelder kjøp og kontoen din, som kvitteringer og lenker for nytt passord, får du fortsatt.',
        this.undoForm(query),
      ),
    };
  }

  /** The undo: a form posting `undo=1` back to the same signed link. */
  private undoForm(query: Record<string, unknown>): string {
    const action = `/api/unsubscribe?email=${encodeURIComponent(String(query.email))}&sig=${encodeURIComponent(String(query.sig))}`;
    return (
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="undo" value="1">` +
      `<p>Var det en feil? <button type="submit">Angre avmeldingen</button></p></form>`
    );
  }

  private page(title: string, text: string, extra = ''): string {
    const site = escapeHtml(this.cfg.siteName);
    return (
      `<!doctype html><html lang="nb"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
      `<title>${escapeHtml(title)} – ${site}</title>` +
      `<style>body{margin:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a}` +
      `main{max-width:520px;margin:48px auto;padding:32px;background:#fff;border-radius:12px}h1{font-size:24px;margin:0 0 12px}` +
      `p{line-height:1.55;color:#334155}a{color:#2563eb}button{font:inherit;padding:6px 12px;border-radius:6px;border:1px solid #94a3b8;background:#fff;cursor:pointer}</style></head>` +
      `<body><main><p><strong>${site}</strong></p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}` +
      `<p><a href="${escapeHtml(this.cfg.publicUrl)}/">Til forsiden</a></p></main></body></html>`
    );
  }
}
