import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const REQ_ID_RE = /^[A-Za-z0-9._:-]{8,64}$/;

/** The request's id: the caller's `X-Request-Id` when it is a sane token, else a new UUID. */
export function requestId(headers: IncomingHttpHeaders): string {
  const h = headers['x-request-id'];
  return typeof h === 'string' && REQ_ID_RE.test(h) ? h : randomUUID();
}
