import type { SiteSettings } from '@academy/contracts';
import { createContext, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { useSettings } from './app-state';

/**
 * Page head (title, description, canonical, Open Graph). On the server the tags are collected while
 * rendering and handed to the template (`<!--app-head-->`); in the browser they are swapped on navigation.
 * Every tag this module writes carries `data-head`.
 */

export interface PageMeta {
  title: string;
  description?: string;
  /** Canonical path (Norwegian path for aliases). Omit for pages that should not be indexed. */
  canonicalPath?: string;
  noindex?: boolean;
  ogType?: 'website' | 'article';
  /**
   * The address a page is shared by (og:url, with the site's image) even when it is not indexed: a
   * certificate's public page, whose link is meant for LinkedIn and Facebook, not for search engines.
   */
  sharePath?: string;
}

export interface HeadCollector {
  meta: PageMeta | null;
  status: number;
}

export const HeadCollectorContext = createContext<HeadCollector | null>(null);

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** "Side – Trading Akademiet", unless the title already names the site. */
export function fullTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} – ${siteName}`;
}

export function headTags(meta: PageMeta, settings: SiteSettings): string {
  const title = fullTitle(meta.title, settings.siteName);
  const tags = [`<title data-head>${esc(title)}</title>`];
  if (meta.description) tags.push(`<meta data-head name="description" content="${esc(meta.description)}">`);
  if (meta.noindex) tags.push('<meta data-head name="robots" content="noindex">');
  if (meta.canonicalPath && !meta.noindex) {
    const url = settings.publicUrl.replace(/\/+$/, '') + meta.canonicalPath;
    tags.push(`<link data-head rel="canonical" href="${esc(url)}">`);
    tags.push(`<meta data-head property="og:url" content="${esc(url)}">`);
    tags.push(`<meta data-head property="og:image" content="${esc(settings.publicUrl.replace(/\/+$/, ''))}/og-image.png">`);
    tags.push('<meta data-head property="og:image:width" content="1200">');
    tags.push('<meta data-head property="og:image:height" content="630">');
  }
  if (meta.sharePath && !(meta.canonicalPath && !meta.noindex)) {
    const base = settings.publicUrl.replace(/\/+$/, '');
    tags.push(`<meta data-head property="og:url" content="${esc(base + meta.sharePath)}">`);
    tags.push(`<meta data-head property="og:image" content="${esc(base)}/og-image.png">`);
    tags.push('<meta data-head property="og:image:width" content="1200">');
    tags.push('<meta data-head property="og:image:height" content="630">');
  }
  tags.push(`<meta data-head property="og:type" content="${meta.ogType ?? 'website'}">`);
  tags.push(`<meta data-head property="og:site_name" content="${esc(settings.siteName)}">`);
  tags.push('<meta data-head property="og:locale" content="nb_NO">');
  tags.push(`<meta data-head property="og:title" content="${esc(title)}">`);
  if (meta.description) tags.push(`<meta data-head property="og:description" content="${esc(meta.description)}">`);
  tags.push('<meta data-head name="twitter:card" content="summary_large_image">');
  return tags.join('');
}

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

function applyHead(html: string): void {
  const current = Array.from(document.head.querySelectorAll('[data-head]'));
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  const wanted = Array.from(tpl.content.children);
  if (current.length === wanted.length && current.every((el, i) => el.isEqualNode(wanted[i]))) return;
  current.forEach((el) => el.remove());
  for (const el of wanted) document.head.appendChild(el);
}

/**
 * Declares the head of the current page. Render it once per page.
 */
export function Seo(meta: PageMeta) {
  const settings = useSettings();
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.meta = meta;
  const html = headTags(meta, settings);
  const last = useRef<string | null>(null);
  useIsoLayoutEffect(() => {
    if (last.current === html) return;
    last.current = html;
    applyHead(html);
  }, [html]);
  return null;
}

/** Marks the response status (the not-found page sets 404). */
export function useHttpStatus(status: number): void {
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.status = status;
}
