import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { loggableUrl } from '../logging/loggable-url';

const REQ_ID_RE = /^[A-Za-z0-9._:-]{8,64}$/;

/** The request's id: the caller's `X-Request-Id` when it is a sane token, else a new UUID. */
export function requestId(headers: IncomingMessage['headers']): string {
  const h = headers['x-request-id'];
  return typeof h === 'string' && REQ_ID_RE.test(h) ? h : randomUUID();
}

/** What a fast route answers: the status, its own headers as name/value pairs, and the body. */
export interface FastAnswer {
  status: 200 | 304;
  /** Flat `[name, value, name, value, …]`, computed once per cached version, not per request. */
  headers: readonly string[];
  body?: Buffer;
}

/** Answers a request from memory, or returns null to leave it to Fastify. */
export type FastRoute = (req: IncomingMessage) => FastAnswer | null;

export interface RequestLine {
  reqId: string;
  method: string;
  url: string;
  statusCode: number;
  ms: number;
}

/**
 * The hottest cacheable reads (the catalogue) answered straight from memory on Node's request
 * event, before Fastify builds its request and reply objects and runs the hook chain: that
 * machinery costs more than the answer itself. A fast route answers exactly what its Fastify
 * route answers (same status, headers and bytes, asserted by the API tests) and only for a plain
 * `GET` of its exact path when the copy in memory is current; everything else (a query string,
 * HEAD, a cold or stale copy) returns null and goes the normal way.
 *
 * Every answer carries the API's security headers and the request id, like the onRequest hook
 * gives a Fastify answer, and is logged the same way when request logging is on.
 */
export class FastRoutes {
  private readonly routes = new Map<string, FastRoute>();
  private readonly common: readonly string[];

  constructor(
    apiHeaders: Record<string, string>,
    private readonly log: ((line: RequestLine) => void) | null,
  ) {
    this.common = Object.entries(apiHeaders).flat();
  }

  add(path: string, route: FastRoute): void {
    this.routes.set(path, route);
  }

  /** True when the request was answered here. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const route = this.routes.get(req.url as string);
    if (route === undefined) return false;
    const answer = route(req);
    if (answer === null) return false;
    const started = this.log ? performance.now() : 0;
    const id = requestId(req.headers);
    const headers = [...this.common, 'x-request-id', id, ...answer.headers];
    res.writeHead(answer.status, headers);
    res.end(answer.body);
    if (this.log) {
      const log = this.log;
      res.once('finish', () =>
        log({
          reqId: id,
          method: 'GET',
          url: loggableUrl(req.url as string),
          statusCode: answer.status,
          ms: Math.round(performance.now() - started),
        }),
      );
    }
    return true;
  }
}
