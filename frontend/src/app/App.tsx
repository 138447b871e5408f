import type { AppState } from '@academy/contracts';
import { useMemo, type ReactNode } from 'react';
import { BrowserRouter, StaticRouter, matchRoutes, useRoutes } from 'react-router-dom';
import { AppStateContext } from '../lib/app-state';
import { HeadCollectorContext, type HeadCollector } from '../lib/head';
import type { PageComponents, PageKey } from './pages';
import { buildRoutes, type RouteHandle } from './routes';

function AppRoutes({ pages, mentorSlug }: { pages: PageComponents; mentorSlug: string }) {
  const routes = useMemo(() => buildRoutes(pages, mentorSlug), [pages, mentorSlug]);
  return useRoutes(routes);
}

export interface AppProps {
  state: AppState;
  pages: PageComponents;
  /** Server rendering: the URL to render and the collector for head tags and status. */
  server?: { url: string; collector: HeadCollector };
}

export function App({ state, pages, server }: AppProps) {
  const routes = <AppRoutes pages={pages} mentorSlug={state.settings.mentorSlug} />;
  let tree: ReactNode;
  if (server) {
    tree = (
      <HeadCollectorContext.Provider value={server.collector}>
        <StaticRouter location={server.url}>{routes}</StaticRouter>
      </HeadCollectorContext.Provider>
    );
  } else {
    tree = <BrowserRouter>{routes}</BrowserRouter>;
  }
  return <AppStateContext.Provider value={state}>{tree}</AppStateContext.Provider>;
}

/** Which page a path shows, and the route's parameters. */
export function matchPage(
  pathname: string,
  pages: PageComponents,
  mentorSlug: string,
): { page: PageKey; params: Record<string, string | undefined> } | null {
  const matches = matchRoutes(buildRoutes(pages, mentorSlug), pathname);
  const last = matches?.[matches.length - 1];
  const page = (last?.route.handle as RouteHandle | undefined)?.page;
  return last && page ? { page, params: last.params } : null;
}

/** Which page a path shows (used to load the current page's chunk before hydrating). */
export function pageKeyFor(pathname: string, pages: PageComponents, mentorSlug: string): PageKey | null {
  return matchPage(pathname, pages, mentorSlug)?.page ?? null;
}
