import type MarkdownIt from 'markdown-it';
import type sanitizeHtmlFn from 'sanitize-html';
import { lazyDefault } from '../platform/modules/lazy-module';

// Loaded with the first question shown (the same libraries marketing mail loads on first use).
const markdownIt = lazyDefault<typeof MarkdownIt>('markdown-it');
const sanitizeHtml = lazyDefault<typeof sanitizeHtmlFn>('sanitize-html');

/** Markdown with HTML turned off (typed HTML shows as text); no images, no headings bigger than the page's. */
let parser: MarkdownIt | null = null;
const md = (): MarkdownIt =>
  (parser ??= new (markdownIt())({ html: false, linkify: true, breaks: true }).disable(['image', 'heading', 'lheading']));

const ALLOWED: sanitizeHtmlFn.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 's'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Links written by students lead out of the site: no referrer, no ranking, a new tab.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { href: attribs.href ?? '', rel: 'nofollow noopener noreferrer ugc', target: '_blank' },
    }),
  },
};

/**
 * A question's or an answer's Markdown as HTML that is safe to put in a page: markdown-it without
 * raw HTML, then sanitize-html with a short list of tags and only http(s) and mailto links.
 */
export function renderQuestionMarkdown(body: string): string {
  return sanitizeHtml()(md().render(body), ALLOWED).trim();
}

/** The same text as plain text (for the mail's text part). */
export function questionPlainText(body: string): string {
  return sanitizeHtml()(md().render(body), { allowedTags: [], allowedAttributes: {} })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
