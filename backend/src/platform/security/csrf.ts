import type { IncomingHttpHeaders } from 'node:http';
import { MSG } from '@academy/contracts';
import { AppError } from '../errors/app-error';

/** Methods that change nothing: no CSRF rule, no write limit. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing routes that may be called without the CSRF rule, as `METHOD /route`: callers that
 * cannot send JSON from the site and do not rely on the visitor's cookie.
 * - `POST /`: the lead form without JavaScript (form-encoded; it signs nobody in and reads no session).
 * - `POST /api/stripe/webhook`: authenticated by Stripe's signature.
 * - `POST /api/mux/webhook`: authenticated by Mux's signature (`mux-signature`, HMAC-SHA256 of the raw body).
 * - `POST /api/vipps/webhook`: authenticated by Vipps' HMAC signature.
 * - `POST /api/unsubscribe`: RFC 8058 one-click unsubscribe, posted form-encoded by mail providers;
 *   authenticated by the link's signature.
 * - `POST /api/marketing/confirm`: the button of the double opt-in page, a plain form (form-encoded);
 *   authenticated by the confirmation link's signature it carries, it reads no session.
 */
export const CSRF_EXEMPT: ReadonlySet<string> = new Set([
  'POST /',
  'POST /api/stripe/webhook',
  'POST /api/mux/webhook',
  'POST /api/vipps/webhook',
  'POST /api/unsubscribe',
  'POST /api/marketing/confirm',
]);

/**
 * The upload routes: the only ones where a multipart/form-data body (chart images) is admitted, and
 * only with the `X-Requested-With` header and an `Origin` that is the site's own (a plain HTML form
 * from another site can send multipart, but neither that header nor this origin).
 */
export const MULTIPART_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/mentor/threads',
  'POST /api/mentor/threads/:id/messages',
  'POST /api/admin/mentor-threads/:id/messages',
]);

/** Whether the CSRF rule judges this method on this route (the matched pattern; undefined: no route). */
export function csrfApplies(method: string, route: string | undefined): boolean {
  return !SAFE_METHODS.has(method) && (route === undefined || !CSRF_EXEMPT.has(`${method} ${route}`));
}

/**
 * The CSRF rule, for every state-changing request on every route: it must be JSON (or bodiless with
 * X-Requested-With, or multipart on an upload route, {@link MULTIPART_ROUTES}), and when the browser
 * sends an Origin it must be the site's own. The rule is
 * decided on the route that will run (its pattern, whatever spelling of the path reached it), so
 * `//api/…`, `/%61pi/…` and the like are judged like `/api/…`; only {@link CSRF_EXEMPT} is let through.
 * A request no route answers is judged too (it reaches no handler either way).
 * Answers the refusal, or null when the request may go on.
 */
export function csrfRefusal(
  publicOrigin: string,
  method: string,
  route: string | undefined,
  headers: IncomingHttpHeaders,
): AppError | null {
  if (!csrfApplies(method, route)) return null;
  const origin = headers.origin;
  if (origin !== undefined && origin !== publicOrigin) return new AppError(403, 'CSRF_REJECTED', MSG.csrf);
  const ct = String(headers['content-type'] ?? '').toLowerCase();
  const json = ct.startsWith('application/json');
  if (ct.startsWith('multipart/form-data') && route !== undefined && MULTIPART_ROUTES.has(`${method} ${route}`)) {
    return origin === publicOrigin && headers['x-requested-with'] !== undefined
      ? null
      : new AppError(403, 'CSRF_REJECTED', MSG.csrf);
  }
  const hasBody =
    (headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined;
  if (json || (!hasBody && headers['x-requested-with'] !== undefined)) return null;
  if (!hasBody && ct === '') return new AppError(403, 'CSRF_REJECTED', MSG.csrf);
  return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedMediaType);
}
