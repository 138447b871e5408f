import { fetchUtils, HttpError } from 'ra-core';
import { markEnrolmentRequired, requestReauth } from './twoFactorState';

function errorCode(e: unknown): string | undefined {
  if (!(e instanceof HttpError)) return undefined;
  const code = (e.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function send(url: string, options: fetchUtils.Options) {
  const headers = new Headers(options.headers ?? {});
  headers.set('X-Requested-With', 'XMLHttpRequest');
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // A DELETE has no body: no content type either.
  if (options.method === 'DELETE') headers.delete('Content-Type');
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}

/**
 * Every call to the API: the site's session cookie, and `X-Requested-With` (the server's CSRF rule
 * lets body-less writes through only with it). Errors carry the server's Norwegian message.
 * REAUTH_REQUIRED (a refund, grant or revoke without a recent sign-in) opens the password dialog and,
 * once confirmed, sends the request again; TOTP_ENROLMENT_REQUIRED turns the panel to enrolment.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await send(url, options);
  } catch (e) {
    const code = errorCode(e);
    if (code === 'TOTP_ENROLMENT_REQUIRED') markEnrolmentRequired();
    if (code === 'REAUTH_REQUIRED' && (await requestReauth())) return send(url, options);
    throw e;
  }
}

/** True for answers that ask for more proof of identity, not for signing in again. */
export function isStepUpError(e: unknown): boolean {
  const code = errorCode(e);
  return code === 'REAUTH_REQUIRED' || code === 'TOTP_REQUIRED' || code === 'TOTP_INVALID';
}

/** The Norwegian message of a failed request, or a fallback. */
export function errorMessage(e: unknown, fallback = 'Noe gikk galt. Prøv igjen.'): string {
  if (e instanceof HttpError) {
    const body = e.body as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string') return body.message;
    if (e.status === 0 || !e.status) return 'Fikk ikke kontakt med serveren. Sjekk nettforbindelsen.';
  }
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}

export function postJson<T>(url: string, body: unknown): Promise<T> {
  return httpClient(url, { method: 'POST', body: JSON.stringify(body) }).then(({ json }) => json as T);
}
