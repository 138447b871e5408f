import type { RenderContext, RenderResult, SiteSettings, SsrModule } from '@academy/contracts';
import { renderToString } from 'react-dom/server';
import { App, matchPage } from './app/App';
import type { PageKey } from './app/pages';
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

/** Titles of the browser-only pages' shells; the Starter player and its old address say what they are. */
const SHELL_TITLES: Partial<Record<PageKey, string>> = {
  login: 'Logg inn',
  autoLogin: 'Logger inn',
  forgotPassword: 'Glemt passord',
  resetPassword: 'Tilbakestill passord',
  dashboard: 'Mine kurs',
  accountSettings: 'Kontoinnstillinger',
  checkout: 'Bestill kurs',
  paymentComplete: 'Betaling fullført',
  starterRedirect: 'Gratis startkurs',
  coursePlayer: 'Kurs',
};

/** Head of the shell for browser-only pages: a title, and no indexing. */
export function shellHead(pathname: string, ctx: RenderContext): string {
  const match = matchPage(pathname, serverPages, ctx.settings.mentorSlug);
  const starter = match?.page === 'coursePlayer' && match.params.courseId === 'starter';
  const title = (starter ? SHELL_TITLES.starterRedirect : match && SHELL_TITLES[match.page]) ?? ctx.settings.siteName;
  return headTags({ title, noindex: true }, ctx.settings);
}

// The module as the backend require()s it.
void ({ prerenderPaths, isAppPath, render, shellHead } satisfies SsrModule);
