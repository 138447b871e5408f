import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestId } from './request-id';

/** What a fast route answers: the status, its own headers as name/value pairs, and the body. */
export interface FastAnswer {
  status: number;
  /** Flat `[name, value, name, value, …]`, computed once per cached version, not per request. */
  headers: readonly string[];
  body?: Buffer;
}

/**
 * Answers a request from memory, or returns null to leave it to the route's Fastify handler. It must
 * answer exactly what that handler answers (same status, headers and bytes).
 */
export type FastRoute = (req: IncomingMessage) => FastAnswer | null;

/**
 * Step 8's measurement (the metrics): one call per answered request, with the route's pattern (undefined
 * when no route matched), the status and the time in milliseconds, and the provider of a webhook route.
 */
export type RequestObserver = (method: string, route: string | undefined, status: number, ms: number, webhook?: string) => void;

export interface RequestLine {
  reqId: string;
  method: string;
  url: string;
  statusCode: number;
  ms: number;
  /** A summed line of answers from memory (see {@link ACCESS_SUMMARY_MS}): how many; `ms` is then the slowest. */
  count?: number;
}

/**
 * Successful answers from memory (the catalogue, prerendered pages, built files) are logged as one
 * summed line per address and status every this many milliseconds (`count`, the slowest `ms`,
 * `reqId` "sum"), not one line each: at LOG_LEVEL=info a line per request cost the cached reads
 * about a third of their capacity in `npm run bench` (0.87 → 0.47 of bare Node on the catalogue),
 * and a line per cached hit tells an operator nothing the count does not. Every other request
 * (writes, errors, anything Fastify answers) keeps its own line with its request id.
 */
export const ACCESS_SUMMARY_MS = 10_000;

/** One fast route as the pipeline hands it over, with what its steps decided once for the route. */
export interface FastEntry {
  /** The Fastify route pattern it belongs to. */
  route: string;
  answer: FastRoute;
  /** The security headers of the route (step 2), flat, as the onRequest hook would set them. */
  headers: readonly string[];
  /** An API route's Cache-Control as the onRequest hook sets it (null outside /api); an answer's own wins, as a handler's does. */
  cacheControl: string | null;
  /** The log line's address for a request (step 8), as the onResponse hook would write it. */
  logUrl: (url: string) => string;
}

/**
 * The front door of the request pipeline: the hottest cacheable reads (the catalogue, the
 * prerendered pages and built files) answered from memory on Node's request event, before Fastify
 * builds its request and reply objects and runs its hook chain, which costs more than the answer
 * itself. Measured on the catalogue (CPU per answer, the same headers): bare node:http 12.7 µs, the
 * front door 14.0 µs, a Fastify route with the pipeline's hooks 15.4 µs; in `npm run bench` that is
 * the difference between about 0.82 and 0.9 of bare node:http.
 *
 * Only `RequestPipeline.route()` puts routes here, and only routes whose every step is decided by the
 * route alone for a plain `GET` of its exact path: the request id, the route's security headers, no
 * CSRF rule and no write limit (safe method), no body to validate, nothing to map (an answer from
 * memory that fails is left to the route's handler), and the same log line. Everything else (a query string, HEAD, a cold or stale
 * copy, another spelling of the path) returns false and goes through Fastify and its hooks.
 */
export class FastRoutes {
  private readonly exact = new Map<string, FastEntry>();
  private wildcard: FastEntry | null = null;
  /** Step 8's measurement, set once the application's metrics exist. */
  observer: RequestObserver | null = null;

  private readonly summed = new Map<string, RequestLine & { count: number }>();
  private summaryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly log: ((line: RequestLine) => void) | null) {}

  /** Writes the summed lines now (at the interval, and when the server closes). */
  flushLog(): void {
    if (this.summaryTimer) clearTimeout(this.summaryTimer);
    this.summaryTimer = null;
    if (!this.log || this.summed.size === 0) return;
    const lines = [...this.summed.values()];
    this.summed.clear();
    for (const line of lines) this.log(line);
  }

  private sum(url: string, statusCode: number, ms: number): void {
    const key = `${statusCode} ${url}`;
    const line = this.summed.get(key);
    if (line) {
      line.count++;
      if (ms > line.ms) line.ms = ms;
    } else this.summed.set(key, { reqId: 'sum', method: 'GET', url, statusCode, ms, count: 1 });
    if (!this.summaryTimer) {
      this.summaryTimer = setTimeout(() => this.flushLog(), ACCESS_SUMMARY_MS);
      this.summaryTimer.unref();
    }
  }

  /** An exact path, or the catch-all `/*` (asked for any path no exact entry has). */
  add(path: string, entry: FastEntry): void {
    if (path === '/*') this.wildcard = entry;
    else this.exact.set(path, entry);
  }

  /** True when the request was answered here. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const url = req.url as string;
    const entry = this.exact.get(url) ?? this.wildcard;
    if (entry === null || entry === undefined) return false;
    let answer: FastAnswer | null;
    try {
      answer = entry.answer(req);
    } catch {
      // Step 7 is the route's: its handler meets the same failure, and the error mapping answers it.
      return false;
    }
    if (answer === null) return false;
    const started = this.log || this.observer ? performance.now() : 0;
    // 1 request id, 2 security headers; 3–7 decided for the route (see above); 6 the answer.
    const id = requestId(req.headers);
    const caching = entry.cacheControl !== null && !ownsCaching(answer.headers) ? ['cache-control', entry.cacheControl] : [];
    res.writeHead(answer.status, [...entry.headers, ...caching, 'x-request-id', id, ...answer.headers]);
    res.end(answer.body);
    // 8 logging and the measurement (the answer is written by now: it was in memory).
    this.observer?.('GET', entry.route, answer.status, performance.now() - started);
    if (this.log) {
      if (answer.status < 400) this.sum(entry.logUrl(url), answer.status, Math.round(performance.now() - started));
      else {
        const log = this.log;
        const status = answer.status;
        res.once('finish', () =>
          log({
            reqId: id,
            method: 'GET',
            url: entry.logUrl(url),
            statusCode: status,
            ms: Math.round(performance.now() - started),
          }),
        );
      }
    }
    return true;
  }
}

/** True when the answer's flat headers name its own Cache-Control. */
function ownsCaching(headers: readonly string[]): boolean {
  for (let i = 0; i < headers.length; i += 2) if (headers[i].toLowerCase() === 'cache-control') return true;
  return false;
}
