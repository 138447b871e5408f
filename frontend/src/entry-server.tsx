import type { RenderContext, RenderResult, SiteSettings, SsrModule } from '@academy/contracts';
import { renderToString } from 'react-dom/server';
import { App } from './app/App';
import { serverPages } from './app/pages.server';
import { isAppPath as isAppPathname, prerenderPaths as prerenderPathsFor } from './config/paths';
import { headTags, type HeadCollector, type PageMeta } from './lib/head';

/**
 * The storefront's server bundle (contracts/src/ssr.ts), built to dist/server/entry-server.cjs.
 * The backend renders the prerender paths at start, serves the shell for app paths, and renders
 * `/__finnes-ikke__` for everything else (status 404).
 */

export function prerenderPaths(settings: SiteSettings): string[] {
  return prerenderPathsFor(settings.mentorSlug);
}

export function isAppPath(pathname: string, _settings?: SiteSettings): boolean {
  return isAppPathname(pathname);
}

export function render(url: string, ctx: RenderContext): RenderResult {
  const collector: HeadCollector = { meta: null, status: 200 };
  const html = renderToString(<App state={ctx} pages={serverPages} server={{ url, collector }} />);
  const meta: PageMeta = collector.meta ?? { title: ctx.settings.siteName };
  return { html, head: headTags(meta, ctx.settings), status: collector.status };
}

const SHELL_TITLES: [RegExp, string][] = [
  [/^\/login$/, 'Logg inn'],
  [/^\/auto-login$/, 'Logger inn'],
  [/^\/glemt-passord$/, 'Glemt passord'],
  [/^\/tilbakestill-passord$/, 'Tilbakestill passord'],
  [/^\/dashboard$/, 'Mine kurs'],
  [/^\/account\/settings$/, 'Kontoinnstillinger'],
  [/^\/(bestill|payment)$/, 'Bestill kurs'],
  [/^\/betaling\/fullfort$/, 'Betaling fullført'],
  [/^\/(course|kurs)\/starter$/, 'Gratis startkurs'],
  [/^\/course\/[^/]+$/, 'Kurs'],
];

/** Head of the shell for browser-only pages: a title, and no indexing. */
export function shellHead(pathname: string, ctx: RenderContext): string {
  const title = SHELL_TITLES.find(([re]) => re.test(pathname))?.[1] ?? ctx.settings.siteName;
  return headTags({ title, noindex: true }, ctx.settings);
}

// The module as the backend require()s it.
void ({ prerenderPaths, isAppPath, render, shellHead } satisfies SsrModule);
