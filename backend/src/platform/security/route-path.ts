import type { FastifyRequest } from 'fastify';

/** The catch-all route of the web pages (GET): its path says nothing about what it answers. */
const CATCH_ALL = '/*';

/**
 * A request path as the router understands it: without the query, percent-decoded, duplicate
 * slashes and `.`/`..` segments resolved. Letter case and a trailing slash are kept (the router tells
 * them apart). A path that cannot be decoded is kept as sent (the router refuses it anyway).
 */
export function normalisedPath(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  // Most paths are already plain: nothing to decode, no empty or dot segment.
  if (!path.includes('%') && !path.includes('//') && !path.includes('/.')) return path;
  try {
    path = decodeURIComponent(path);
  } catch {
    return path;
  }
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  // A trailing slash is kept: the router tells `/a/` from `/a`.
  return `/${out.join('/')}${out.length && path.endsWith('/') ? '/' : ''}`;
}

/**
 * The path a request is judged by: the pattern of the route that will run (`/api/checkout/sessions/:id`),
 * so every spelling the router accepts for a route is one and the same; for the web pages' catch-all
 * and for requests no route answers, the normalised path.
 */
export function routePath(req: FastifyRequest, route: string | undefined = req.routeOptions.url): string {
  return route !== undefined && route !== CATCH_ALL ? route : normalisedPath(req.url);
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
