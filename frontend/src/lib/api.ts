import type { ApiError as ApiErrorBody, ErrorCode } from '@academy/contracts';

/** An answer from the API that was not 2xx. `message` is the Norwegian text to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  /** The parsed body, when there was one (create-user adds `success`/`error`). */
  readonly body: unknown;

  constructor(status: number, code: ErrorCode | 'NETWORK', message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Fikk ikke kontakt med serveren. Sjekk nettforbindelsen og prøv igjen.';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function isErrorBody(v: unknown): v is ApiErrorBody {
  return typeof v === 'object' && v !== null && typeof (v as ApiErrorBody).message === 'string';
}

/**
 * fetch for `/api`: JSON in and out, `X-Requested-With: fetch` (the server's CSRF rule), the session
 * cookie (same origin). Throws {@link ApiError} for non-2xx answers and network failures.
 */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'fetch', ...opts.headers };
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      // The CSRF rule wants JSON on every write, so send `{}` rather than no body.
      body: method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    if (isErrorBody(data)) throw new ApiError(res.status, data.code ?? 'INTERNAL', data.message, data);
    throw new ApiError(res.status, 'INTERNAL', `Noe gikk galt (${res.status}). Prøv igjen.`, data);
  }
  return data as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => api<T>(path, { method: 'GET', signal });
export const apiPost = <T>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body });
