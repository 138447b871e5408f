/**
 * What a log line may say about a request's address. URLs carry secrets: one-time sign-in and reset
 * tokens (`?token=`), Stripe Checkout Session ids (`?session_id=`, `/api/checkout/sessions/:id`: whoever
 * holds one can read the order and, once, be signed in as its new buyer), signed unsubscribe links
 * (`?email=…&sig=…`) and addresses typed into forms (`?email=`). So a log keeps the path and the names of
 * the query parameters, never their values, and routes whose path parameters are secrets are logged by
 * their pattern.
 */

export const REDACTED = '[skjult]';

const PARAM_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,23}$/;

/** Routes whose path parameters are secrets: logged as the pattern, never the values. */
const SECRET_PARAM_ROUTES: ReadonlySet<string> = new Set(['/api/checkout/sessions/:id', '/api/calendar/:file']);

/**
 * `/auto-login?token=abc&next=/x` → `/auto-login?token=[skjult]&next=[skjult]`. A route with secret path
 * parameters (give its pattern as `route`) → the pattern. Cheap for the common case of no query.
 */
export function loggableUrl(url: string, route?: string): string {
  if (route !== undefined && SECRET_PARAM_ROUTES.has(route)) return route;
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url.slice(q + 1);
  const names = query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      // Only what looks like a parameter name is kept: a bare value (`?abc123…`) is a value.
      return PARAM_NAME.test(name) ? `${name}=${REDACTED}` : REDACTED;
    });
  return names.length ? `${url.slice(0, q)}?${names.join('&')}` : url.slice(0, q);
}
