import { HttpException } from '@nestjs/common';
import type { ApiError, ErrorCode } from '@academy/contracts';
import { ERROR_CODES, ERROR_MESSAGES, MSG } from '@academy/contracts';

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'POOL_CLOSED',
]);

/** True when an error means the database cannot be reached right now (a retry may work). */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; errno?: unknown; message?: unknown; driverError?: unknown; fatal?: unknown };
    if (typeof o.code === 'string' && DB_DOWN_CODES.has(o.code)) return true;
    if (o.fatal === true) return true;
    if (
      typeof o.message === 'string' &&
      /Connection lost|connect ECONNREFUSED|Pool is closed|Can't add new command when connection is in closed state|Too many connections|Cannot enqueue/i.test(
        o.message,
      )
    )
      return true;
    e = o.driverError;
  }
  return false;
}

function codeFor(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

/** A bare HTTP status's message: its code's own message in the one vocabulary. */
function messageFor(status: number): string {
  return ERROR_MESSAGES[codeFor(status)];
}

export interface MappedError {
  body: ApiError & Record<string, unknown>;
  /** True when the error is unexpected and must be logged with its stack. */
  unexpected: boolean;
}

/** Turns anything thrown into the API's error shape. */
export function toApiError(err: unknown): MappedError {
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const res = err.getResponse();
    if (res && typeof res === 'object') {
      const r = res as Record<string, unknown>;
      const code =
        typeof r.code === 'string' && (ERROR_CODES as readonly string[]).includes(r.code)
          ? (r.code as ErrorCode)
          : codeFor(status);
      const message = typeof r.code === 'string' && typeof r.message === 'string' ? r.message : messageFor(status);
      const { statusCode: _s, code: _c, message: _m, error: _e, ...extra } = r;
      return { body: { ...extra, statusCode: status, code, message }, unexpected: status >= 500 };
    }
    if (status === 400 && typeof res === 'string' && /JSON/i.test(res))
      return { body: { statusCode: 400, code: 'INVALID_JSON', message: MSG.invalidJson }, unexpected: false };
    return { body: { statusCode: status, code: codeFor(status), message: messageFor(status) }, unexpected: status >= 500 };
  }
  if (isDatabaseUnavailable(err)) {
    return {
      body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: MSG.serviceUnavailable },
      unexpected: false,
    };
  }
  // Errors raised by Fastify itself (body parsing, limits, content types).
  const fe = err as { statusCode?: unknown; code?: unknown };
  if (fe && typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const status = fe.statusCode;
    const fcode = typeof fe.code === 'string' ? fe.code : '';
    if (fcode === 'FST_ERR_CTP_INVALID_JSON_BODY' || fcode === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError)
      return { body: { statusCode: 400, code: 'INVALID_JSON', message: MSG.invalidJson }, unexpected: false };
    if (fcode === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413)
      return { body: { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: MSG.payloadTooLarge }, unexpected: false };
    if (fcode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415)
      return { body: { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: MSG.unsupportedMediaType }, unexpected: false };
    return { body: { statusCode: status, code: codeFor(status), message: messageFor(status) }, unexpected: false };
  }
  return { body: { statusCode: 500, code: 'INTERNAL', message: MSG.internal }, unexpected: true };
}
