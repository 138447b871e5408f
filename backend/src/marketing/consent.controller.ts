import { Body, Controller, Get, Inject, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MSG } from '@academy/contracts';
import { escapeHtml, MAIL_COLOURS } from '../outbox/mail-format';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { securityHeaders } from '../platform/security/security-headers';
import type { Subscriber } from './entities/subscriber.entity';
import { MarketingConsentService } from './marketing-consent.service';

const CONFIRM_PATH = '/api/marketing/confirm';

/**
 * The double opt-in link of the confirmation mail: signed, no login; answers small Norwegian pages.
 * Opening the link (GET) only checks it and shows a button: mail scanners that fetch every link of a
 * mail (e.g. Outlook Safe Links) must not confirm for the person. The button POSTs the link's fields
 * back (form-encoded; authenticated by the signature, so exempt from the CSRF rule) and that confirms.
 */
@Controller('api/marketing')
export class ConsentController {
  constructor(
    private readonly consent: MarketingConsentService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  @Get('confirm')
  async show(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const row = await this.consent.checkConfirmLink(query);
    if (!row) return this.invalid(reply);
    if (row.status === 'subscribed') return this.thanks(reply, row);
    const fields = { email: row.email, t: String(row.consentAt!.getTime()), sig: String(query.sig) };
    const hidden = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('');
    this.page(
      reply,
      200,
      'Bekreft påmeldingen',
      `Trykk på knappen for å bekrefte at vi kan sende gratis tips og tilbud til ${row.email}. Du kan melde deg av når som helst.`,
      `<form method="post" action="${CONFIRM_PATH}">${hidden}<p><button type="submit">Bekreft påmeldingen</button></p></form>`,
    );
  }

  /** The button of the page above: `email`, `t` and `sig` in the form body (or, failing that, the query). */
  @Post('confirm')
  async confirm(@Query() query: Record<string, unknown>, @Body() body: unknown, @Res() reply: FastifyReply): Promise<void> {
    const fields =
      body && typeof body === 'object' && !Array.isArray(body) && 'sig' in body ? (body as Record<string, unknown>) : query;
    const row = await this.consent.confirm(fields);
    if (!row) return this.invalid(reply);
    this.thanks(reply, row);
  }

  private thanks(reply: FastifyReply, row: Subscriber): void {
    this.page(
      reply,
      200,
      'Takk, du er påmeldt!',
      `Vi sender gratis tips og tilbud til ${row.email}. Du kan melde deg av med lenken nederst i hver e-post.`,
    );
  }

  private invalid(reply: FastifyReply): void {
    this.page(
      reply,
      400,
      MSG.marketingConfirmInvalid,
      `Kryss av i boksen på nytt for å få en ny lenke, eller skriv til ${this.cfg.contactEmail}.`,
    );
  }

  private page(reply: FastifyReply, status: number, title: string, text: string, extra = ''): void {
    const site = escapeHtml(this.cfg.siteName);
    const html =
      `<!doctype html><html lang="nb"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
      `<title>${escapeHtml(title)} – ${site}</title>` +
      `<style>body{margin:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a}` +
      `main{max-width:520px;margin:48px auto;padding:32px;background:#fff;border-radius:12px}h1{font-size:24px;margin:0 0 12px}` +
      `p{line-height:1.55;color:#334155}a{color:${MAIL_COLOURS.link}}` +
      `button{font:inherit;font-weight:600;padding:10px 18px;border-radius:8px;border:0;background:${MAIL_COLOURS.button};color:${MAIL_COLOURS.buttonText};cursor:pointer}` +
      `button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}</style></head>` +
      `<body><main><p><strong>${site}</strong></p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}` +
      `<p><a href="${escapeHtml(this.cfg.publicUrl)}/">Til forsiden</a></p></main></body></html>`;
    void reply
      .headers(securityHeaders(this.cfg))
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);
  }
}
