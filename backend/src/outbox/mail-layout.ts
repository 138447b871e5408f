import { CONTACT_EMAIL_PLACEHOLDER } from '@academy/contracts';
import { escapeHtml, MAIL_COLOURS } from './mail-format';

/** What every message shows: the site's name, address and contact mailbox. */
export interface MailBrand {
  siteName: string;
  contactEmail: string;
  publicUrl: string;
}

/** The brand of the configured site (SITE_NAME, CONTACT_EMAIL, PUBLIC_URL). */
export function mailBrand(cfg: MailBrand): MailBrand {
  return { siteName: cfg.siteName, contactEmail: cfg.contactEmail, publicUrl: cfg.publicUrl };
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** A message body as blocks, rendered once as HTML and once as plain text so the two always agree. */
export type MailBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'rows'; rows: Array<[label: string, value: string]> }
  | { kind: 'small'; text: string }
  /** Already sanitised HTML (a marketing body rendered from Markdown) with its own plain-text twin. */
  | { kind: 'html'; html: string; text: string };

export const heading = (text: string): MailBlock => ({ kind: 'heading', text });
export const p = (text: string): MailBlock => ({ kind: 'p', text });
export const button = (label: string, url: string): MailBlock => ({ kind: 'button', label, url });
export const rows = (r: Array<[string, string]>): MailBlock => ({ kind: 'rows', rows: r });
export const small = (text: string): MailBlock => ({ kind: 'small', text });
export const safeHtml = (html: string, text: string): MailBlock => ({ kind: 'html', html, text });

export interface LayoutInput {
  brand: MailBrand;
  subject: string;
  /** Shown in the inbox preview line (HTML only). */
  preheader: string;
  blocks: MailBlock[];
  /** Unsubscribe link for messages that are not strictly transactional. */
  unsubscribeUrl?: string;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
/**
 * Every text may break inside a long word (a name, an address, a link): a mail fits a 320 px screen.
 * `overflow-wrap:anywhere` for current clients, `word-break:break-word` for older WebKit and Outlook.
 */
const WRAP = 'overflow-wrap:anywhere;word-break:break-word';
/** Values up to this length stay on one line in a table (amounts, dates, numbers); longer ones wrap. */
const NOWRAP_MAX = 20;

/**
 * Long compound words of the documents, with soft hyphens where Norwegian divides them, so that a
 * narrow screen breaks «merverdi-avgifts-loven» at a joint rather than anywhere (HTML only: the text
 * part keeps the word whole).
 */
const SOFT_HYPHENS: ReadonlyArray<[RegExp, string]> = [
  [/merverdiavgiftsloven/g, 'merverdi&shy;avgifts&shy;loven'],
  [/Kvitteringsnummer/g, 'Kvitterings&shy;nummer'],
  [/Kreditnotanummer/g, 'Kreditnota&shy;nummer'],
];
const hyphenated = (html: string) => SOFT_HYPHENS.reduce((out, [word, parts]) => out.replace(word, parts), html);

function blockHtml(b: MailBlock): string {
  switch (b.kind) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#0f172a;${WRAP}">${escapeHtml(b.text)}</h1>`;
    case 'p':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:#1e293b;${WRAP}">${escapeHtml(b.text)}</p>`;
    case 'html':
      // Code blocks keep their line breaks but wrap long lines (a <pre> never wraps by itself).
      return `<div style="font-size:16px;line-height:1.55;color:#1e293b;${WRAP}">${b.html.replace(/<pre>/g, `<pre style="white-space:pre-wrap;${WRAP}">`)}</div>`;
    case 'small':
      return `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#475569;${WRAP}">${escapeHtml(b.text)}</p>`;
    case 'button':
      return (
        `<p style="margin:8px 0 24px"><a href="${escapeHtml(b.url)}" ` +
        `style="display:inline-block;max-width:100%;box-sizing:border-box;padding:12px 22px;border-radius:8px;background:${MAIL_COLOURS.button};color:${MAIL_COLOURS.buttonText};` +
        `font-weight:600;font-size:16px;text-decoration:none;${WRAP}">${escapeHtml(b.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:12px;line-height:1.5;color:#64748b;word-break:break-all">` +
        `Virker ikke knappen? Kopier denne adressen inn i nettleseren:<br>${escapeHtml(b.url)}</p>`
      );
    case 'rows':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border-collapse:collapse">` +
        b.rows
          .map(
            ([k, v]) =>
              `<tr><td style="padding:8px 12px 8px 0;border-bottom:1px solid #e2e8f0;font-size:14px;color:#475569;vertical-align:top;${WRAP}">${hyphenated(escapeHtml(k))}</td>` +
              `<td style="padding:8px 0;border-bottom:1px solid #e2e8f0;font-size:14px;color:#0f172a;text-align:right;vertical-align:top;` +
              `${v.length <= NOWRAP_MAX ? 'white-space:nowrap' : WRAP}">${escapeHtml(v)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
  }
}

function blockText(b: MailBlock): string {
  switch (b.kind) {
    case 'heading':
      return `${b.text}\n${'='.repeat(Math.min(b.text.length, 60))}`;
    case 'p':
    case 'small':
    case 'html':
      return b.text;
    case 'button':
      return `${b.label}:\n${b.url}`;
    case 'rows': {
      const w = Math.max(...b.rows.map(([k]) => k.length));
      return b.rows.map(([k, v]) => `${`${k}:`.padEnd(w + 2)}${v}`).join('\n');
    }
  }
}

/** The whole message: a small, inline-styled HTML page and its plain-text twin. */
export function renderMail(input: LayoutInput): RenderedMail {
  const { brand } = input;
  // A test environment's placeholder mailbox is left out rather than shown as if real.
  const contact = brand.contactEmail === CONTACT_EMAIL_PLACEHOLDER ? null : brand.contactEmail;
  const footerText = [
    `Hilsen ${brand.siteName}`,
    contact ? `${brand.publicUrl} · ${contact}` : brand.publicUrl,
    ...(input.unsubscribeUrl ? [`Vil du ikke ha flere e-poster fra oss? Meld deg av her: ${input.unsubscribeUrl}`] : []),
  ];
  const text = `${input.blocks.map(blockText).join('\n\n')}\n\n--\n${footerText.join('\n')}\n`;
  const unsubscribe = input.unsubscribeUrl
    ? `<p style="margin:8px 0 0">Vil du ikke ha flere e-poster fra oss? <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#475569">Meld deg av</a>.</p>`
    : '';
  const html =
    `<!doctype html><html lang="nb"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f1f5f9;font-family:${FONT}">` +
    `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(input.preheader)}</div>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">` +
    `<tr><td style="padding:20px 28px;border-bottom:1px solid #e2e8f0;font-size:18px;font-weight:700;color:#0f172a;${WRAP}">${escapeHtml(brand.siteName)}</td></tr>` +
    `<tr><td style="padding:28px 20px">${input.blocks.map(blockHtml).join('')}</td></tr>` +
    `<tr><td style="padding:20px 20px;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:#64748b;${WRAP}">` +
    `<p style="margin:0">Hilsen ${escapeHtml(brand.siteName)}</p>` +
    `<p style="margin:4px 0 0"><a href="${escapeHtml(brand.publicUrl)}" style="color:#475569">${escapeHtml(brand.publicUrl)}</a>` +
    (contact ? ` · <a href="mailto:${escapeHtml(contact)}" style="color:#475569">${escapeHtml(contact)}</a>` : '') +
    `</p>` +
    unsubscribe +
    `</td></tr></table></td></tr></table></body></html>`;
  return { subject: input.subject, html, text };
}
