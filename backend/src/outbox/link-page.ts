import { escapeHtml } from './mail-format';

/** A small page answered to a link from an e-mail (no storefront around it). */
export interface HtmlPage {
  status: number;
  html: string;
}

/**
 * The site's look, in the page itself (the strict Content-Security-Policy allows inline styles only,
 * no site stylesheet): the storefront's tokens (system fonts, grey text, the green primary colour of
 * its buttons, the same radius and focus ring), not the blue of a generic page.
 */
const STYLE = [
  ':root{color-scheme:light}',
  "body{margin:0;background:#f7f8fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans','Liberation Sans',sans-serif;color:#111827}",
  'main{max-width:520px;margin:48px auto;padding:32px;background:#fff;border:1px solid #e5e7eb;border-radius:16px;box-shadow:0 1px 2px rgb(16 24 40 / 6%),0 1px 3px rgb(16 24 40 / 8%)}',
  '@media (max-width:560px){main{margin:16px;padding:24px}}',
  '.site{margin:0 0 16px;font-weight:700;color:#0b6b4b}',
  'h1{font-size:1.5rem;line-height:1.25;margin:0 0 12px}',
  'p{line-height:1.55;color:#374151}',
  'a{color:#0b6b4b;text-decoration:underline}',
  'form{margin:20px 0}',
  'button{font:inherit;font-weight:600;min-height:44px;padding:10px 20px;border-radius:10px;border:1px solid #0f7d58;background:#0f7d58;color:#fff;cursor:pointer}',
  'button:hover{background:#0b6b4b;border-color:#0b6b4b}',
  'button.secondary{background:#fff;color:#0b6b4b}',
  'button.secondary:hover{background:#dcf5ea}',
  'button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}',
].join('');

/** A Norwegian page: the site's name, a heading, a paragraph, and optional extra markup (already escaped). */
export function linkPage(
  site: { siteName: string; publicUrl: string },
  status: number,
  title: string,
  text: string,
  extra = '',
): HtmlPage {
  const name = escapeHtml(site.siteName);
  return {
    status,
    html:
      `<!doctype html><html lang="nb"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
      `<title>${escapeHtml(title)} – ${name}</title><style>${STYLE}</style></head>` +
      `<body><main><p class="site">${name}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}` +
      `<p><a href="${escapeHtml(site.publicUrl)}/">Til forsiden</a></p></main></body></html>`,
  };
}

/** A form that posts `name=value` back to `action` (a signed link), with one button. */
export function postButton(action: string, field: { name: string; value: string }, label: string, secondary = false): string {
  return (
    `<form method="post" action="${escapeHtml(action)}">` +
    `<input type="hidden" name="${escapeHtml(field.name)}" value="${escapeHtml(field.value)}">` +
    `<button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`
  );
}
