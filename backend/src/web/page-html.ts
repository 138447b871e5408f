import { APP_STATE_ELEMENT_ID, type AppState } from '@academy/contracts';
import { compressVariants, etagOf, type StaticFile } from './static-files';

export const HTML = 'text/html; charset=utf-8';

function escapeJsonForHtml(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A rendered page with its compressed variants (`quality` as compressVariants). */
export function htmlFile(html: string, quality?: number): StaticFile {
  const body = Buffer.from(html);
  return { body, ...compressVariants(body, quality), type: HTML, etag: etagOf(body), cacheControl: 'no-cache' };
}

/** The client template with the page's head, markup and the app state the browser hydrates with. */
export function fillTemplate(template: string | null, head: string, html: string, state: AppState): string {
  const t =
    template ??
    '<!doctype html><html lang="nb"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';
  const stateTag = `<script type="application/json" id="${APP_STATE_ELEMENT_ID}">${escapeJsonForHtml(JSON.stringify(state))}</script>`;
  return t
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => html)
    .replace('<!--app-state-->', () => stateTag);
}
