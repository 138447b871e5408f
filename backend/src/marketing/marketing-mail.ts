import type MarkdownIt from 'markdown-it';
import type sanitizeHtmlFn from 'sanitize-html';
import { lazyDefault } from '../platform/modules/lazy-module';
import { button, heading, p, renderMail, safeHtml, small, type MailBrand, type RenderedMail } from '../outbox/mail-layout';

// Loaded with the first marketing mail (about 19 MB resident between them).
const markdownIt = lazyDefault<typeof MarkdownIt>('markdown-it');
const sanitizeHtml = lazyDefault<typeof sanitizeHtmlFn>('sanitize-html');

/** Markdown with HTML turned off (typed HTML shows as text); links only to http(s) and mailto. */
let parser: MarkdownIt | null = null;
const md = (): MarkdownIt => (parser ??= new (markdownIt())({ html: false, linkify: true, breaks: true }));

const ALLOWED: sanitizeHtmlFn.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'code', 'pre'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, style: 'color:#2563eb' } }),
    p: (tagName, attribs) => ({ tagName, attribs: { ...attribs, style: 'margin:0 0 16px' } }),
  },
  allowedStyles: { '*': { color: [/^#[0-9a-f]{3,6}$/i], margin: [/^[0-9 px]+$/] } },
};

export interface UtmTags {
  source: string;
  medium: string;
  campaign: string;
}

/** Adds utm_source/medium/campaign to an http(s) link (kept as they are when the link has its own). */
export function withUtm(href: string, utm: UtmTags | null): string {
  if (!utm || !/^https?:\/\//i.test(href)) return href;
  try {
    const u = new URL(href);
    if (!u.searchParams.has('utm_source')) u.searchParams.set('utm_source', utm.source);
    if (!u.searchParams.has('utm_medium')) u.searchParams.set('utm_medium', utm.medium);
    if (!u.searchParams.has('utm_campaign')) u.searchParams.set('utm_campaign', utm.campaign);
    return u.toString();
  } catch {
    return href;
  }
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The plain-text twin of the sanitised HTML: paragraphs, list items, and links as `text (url)`. */
function htmlToText(html: string): string {
  const t = html
    .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_m, href: string, label: string) => {
      const l = label.replace(/<[^>]+>/g, '');
      return decode(l) === decode(href) ? href : `${l} (${href})`;
    })
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<li>/g, '- ')
    .replace(/<\/(p|h1|h2|h3|h4|li|blockquote|pre|ul|ol)>/g, '\n')
    .replace(/<hr\s*\/?>/g, '\n----\n')
    .replace(/<[^>]+>/g, '');
  return decode(t)
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A Markdown body as sanitised HTML and plain text, with UTM parameters on the links when asked. */
export function renderMarkdown(body: string, utm: UtmTags | null): { html: string; text: string } {
  const markdown = md();
  const tokens = markdown.parse(body, {});
  for (const t of tokens)
    for (const c of t.children ?? [])
      if (c.type === 'link_open') {
        const href = c.attrGet('href');
        if (href) c.attrSet('href', withUtm(href, utm));
      }
  const raw = markdown.renderer.render(tokens, markdown.options, {});
  const sanitize = sanitizeHtml();
  const html = sanitize(raw, ALLOWED);
  const plain = sanitize(raw, { ...ALLOWED, transformTags: {}, allowedStyles: {} });
  return { html, text: htmlToText(plain) };
}

/** A broadcast or sequence mail: the Markdown body in the site's layout, with the visible unsubscribe link. */
export function marketingMail(
  brand: MailBrand,
  m: { subject: string; body: string; unsubscribeUrl: string; utm: UtmTags | null },
): RenderedMail {
  // `{{nettsted}}` in a body is the site's address (the seeded sequence uses it).
  const body = m.body.replace(/\{\{\s*nettsted\s*\}\}/g, brand.publicUrl);
  const { html, text } = renderMarkdown(body, m.utm);
  const firstLine = text.split('\n').find((l) => l.trim()) ?? m.subject;
  return renderMail({
    brand,
    subject: m.subject,
    preheader: firstLine.slice(0, 140),
    blocks: [safeHtml(html, text)],
    unsubscribeUrl: m.unsubscribeUrl,
  });
}

/** The double opt-in: confirm the newsletter (transactional; sent only because the box was ticked). */
export function confirmMail(brand: MailBrand, c: { confirmUrl: string }): RenderedMail {
  return renderMail({
    brand,
    subject: `Bekreft at du vil ha tips og tilbud fra ${brand.siteName}`,
    preheader: 'Ett klikk til, så er du påmeldt.',
    blocks: [
      heading('Bekreft påmeldingen'),
      p(
        `Du krysset av for å få gratis tips og tilbud på e-post fra ${brand.siteName}. ` +
          'Trykk på knappen for å bekrefte. Du kan melde deg av når som helst.',
      ),
      button('Ja, send meg tips og tilbud', c.confirmUrl),
      small('Var det ikke deg? Da trenger du ikke gjøre noe: uten bekreftelse sender vi deg ingen nyhetsbrev.'),
    ],
  });
}
