import type { Type } from '@nestjs/common';
import { MSG } from '@academy/contracts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
  RouteHandlerMethod,
} from 'fastify';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { AppConfig } from '../config';
import { AppError } from '../errors/app-error';
import { answerError } from '../errors/all-exceptions.filter';
import { toApiError } from '../errors/to-api-error';
import { loggableUrl } from '../logging/loggable-url';
import { csrfApplies, csrfRefusal, SAFE_METHODS } from '../security/csrf';
import { API_CACHE_DEFAULT, policyOf, type RouteLimit, type RoutePolicy } from '../security/route-policy';
import type { LimitStep } from '../security/route-limiter';
import { isApiPath, normalisedPath, routePath } from '../security/route-path';
import { apiSecurityHeaders, securityHeaders } from '../security/security-headers';
import { compileBody } from './compiled-body';
import { FastRoutes, type FastRoute, type RequestLine, type RequestObserver } from './fast-routes';
import { requestId } from './request-id';
import { enterRequest } from '../events/request-context';
import { createValidationPipe } from './validation.pipe';

/**
 * The steps every request goes through, in this order, on every kind of route: Nest controllers,
 * the pipeline's own routes ({@link RequestPipeline.route}), their answers from memory (the front
 * door, {@link FastRoutes}), and requests no route answers.
 */
export const PIPELINE_STEPS = [
  'request id',
  'security headers',
  'csrf',
  'rate limit',
  'validation',
  'handler',
  'errors',
  'logging',
] as const;

/**
 * Counts a request against the write limit (when `step.writes`) and its route's own limits; throws 429
 * (with Retry-After on the reply) over a limit, or sends the limit's redirect itself.
 */
export type RateLimiter = (req: FastifyRequest, reply: FastifyReply, step: LimitStep) => Promise<void>;

export type RequestLogger = (line: RequestLine) => void;

/** A route of the pipeline itself (not a Nest controller): the hottest ones, kept free of Nest's per-request work. */
export interface PipelineRoute<B extends object> extends RoutePolicy {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The body's DTO: validated after the rate limit with the DTO's rules, handed to the handler transformed. */
  body?: Type<B>;
  handler: (req: FastifyRequest, reply: FastifyReply, body: B) => unknown;
  /** For a GET: its answer from memory when one is current, served at the front door. */
  fast?: FastRoute;
}

const pipelines = new WeakMap<object, RequestPipeline>();

/** The pipeline installed on a server (see {@link RequestPipeline.install}). */
export function pipelineOf(fastify: FastifyInstance): RequestPipeline {
  const p = pipelines.get(fastify);
  if (!p) throw new Error('The server has no request pipeline (RequestPipeline.install)');
  return p;
}

/**
 * The one request pipeline. Its cross-cutting steps are Fastify hooks registered once for the whole
 * server, so no route can be added beside them: onRequest (1 request id, 2 security headers, 3 CSRF,
 * decided on the matched route), preHandler (4 the write limit and the route's declared limits, by the
 * route's policy), then 5 the
 * body's validation (the global pipe for Nest routes; the route's own preHandler, after the limit, for
 * the pipeline's routes), 6 the handler, 7 errors through the one mapping (`answerError`: Nest's
 * filter, Fastify's error handler, routing and parse errors), 8 one log line (onResponse).
 * The front door serves some GETs from memory before Fastify and runs the same steps (see FastRoutes).
 */
export class RequestPipeline {
  private readonly apiHeaders: Record<string, string>;
  private readonly documentHeaders: Record<string, string>;
  private readonly front: FastRoutes;
  private readonly pipe = createValidationPipe();
  private fastify: FastifyInstance | null = null;
  private rateLimiter: RateLimiter | null = null;
  private observer: RequestObserver | null = null;
  private readonly declaredLimits = new Map<string, readonly RouteLimit[]>();

  constructor(
    private readonly cfg: AppConfig,
    private readonly log: RequestLogger | null,
  ) {
    this.apiHeaders = apiSecurityHeaders(cfg);
    this.documentHeaders = securityHeaders(cfg);
    this.front = new FastRoutes(log);
  }

  /** What Fastify's server must be made with: the request ids, the front door, the error shape of routing and parse errors. */
  serverOptions(): Pick<FastifyServerOptions, 'genReqId' | 'serverFactory' | 'frameworkErrors' | 'clientErrorHandler'> {
    return {
      genReqId: (req) => requestId(req.headers),
      // Fastify's own server (with the settings Fastify gives it), the front door before it.
      serverFactory: (handler, o) => {
        const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
          if (!this.front.handle(req, res)) (handler as RequestListener)(req, res);
        });
        server.keepAliveTimeout = Number(o.keepAliveTimeout);
        server.requestTimeout = Number(o.requestTimeout);
        server.setTimeout(Number(o.connectionTimeout));
        return server;
      },
      frameworkErrors: (err, req, reply) => this.frameworkError(err, req, reply),
      clientErrorHandler,
    };
  }

  /** Installs the steps on the server, once, before any route is registered. */
  install(fastify: FastifyInstance): void {
    if (pipelines.has(fastify)) throw new Error('RequestPipeline.install: already installed');
    this.fastify = fastify;
    pipelines.set(fastify, this);
    // The summed access lines of answers from memory are written before the server is gone.
    fastify.addHook('onClose', (_instance, done) => {
      this.front.flushLog();
      done();
    });
    fastify.addHook('onRequest', (req, reply, done) => {
      const route = req.routeOptions.url;
      this.identify(req, reply, route);
      const refused = csrfRefusal(this.cfg.publicOrigin, req.method, route, req.headers);
      done(refused ?? undefined);
    });
    // Every route's declared limits, as registered (the authorisation matrix compares them with its table).
    fastify.addHook('onRoute', (opts) => {
      const bodyLimit = (opts.config as RoutePolicy | undefined)?.bodyLimit;
      if (bodyLimit) opts.bodyLimit = bodyLimit;
      const limits = (opts.config as RoutePolicy | undefined)?.limits;
      if (!limits?.length) return;
      for (const method of [opts.method].flat()) if (method !== 'HEAD') this.declaredLimits.set(`${method} ${opts.url}`, limits);
    });
    fastify.addHook('preHandler', (req, reply, done) => {
      // The handler runs on from here: event handlers' log lines name this request.
      enterRequest(req.id);
      const step = this.limitStep(req);
      if (!step) return done();
      if (!this.rateLimiter) return done(new Error('RequestPipeline: no rate limiter is set (useRateLimiter)'));
      // A limit that answers with a redirect has sent the reply: the handler does not run.
      this.rateLimiter(req, reply, step).then(() => {
        if (!reply.sent) done();
      }, done);
    });
    // Step 4 again for a route's 404 answer: the limits counted only for guessed ids; over one, a 429.
    fastify.addHook('onSend', async (req, reply, payload) => {
      if (reply.statusCode !== 404 || req.is404 || !this.rateLimiter) return payload;
      const limits = (policyOf(req).limits ?? []).filter((l) => l.notFoundOnly);
      if (limits.length === 0) return payload;
      try {
        await this.rateLimiter(req, reply, { writes: false, limits, notFound: true });
        return payload;
      } catch (e) {
        const { body } = toApiError(e);
        void reply.status(body.statusCode).header('cache-control', 'no-store');
        if (body.statusCode === 429 && !reply.getHeader('retry-after')) void reply.header('retry-after', '60');
        return JSON.stringify(body);
      }
    });
    const log = this.log;
    fastify.addHook('onResponse', (req, reply, done) => {
      if (log) log(this.line(req, reply.statusCode, reply.elapsedTime));
      const observe = this.observer;
      if (observe) observe(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime, policyOf(req).webhook);
      done();
    });
  }

  /** Writes the summed access lines of answers from memory now (they are written every ACCESS_SUMMARY_MS and on close). */
  flushLog(): void {
    this.front.flushLog();
  }

  /** Step 8's measurement (the application's metrics), for every kind of route, the front door's too. */
  useObserver(observer: RequestObserver): void {
    this.observer = observer;
    this.front.observer = observer;
  }

  /** The routes' own rate limits as declared, by `METHOD /pattern` (routes without any left out). */
  routeLimits(): ReadonlyMap<string, readonly RouteLimit[]> {
    return this.declaredLimits;
  }

  /** The limits of step 4 (a Nest provider, so it is known once the application is made). */
  useRateLimiter(limiter: RateLimiter): void {
    this.rateLimiter = limiter;
  }

  /** Registers a route of the pipeline, with its policy, body validation and answer from memory. */
  route<B extends object>(def: PipelineRoute<B>): void {
    const fastify = this.fastify;
    if (!fastify) throw new Error('RequestPipeline.route: the pipeline is not installed');
    const policy: RoutePolicy = { writeLimit: def.writeLimit, cacheControl: def.cacheControl, limits: def.limits };
    // Only a request every step lets through on the route alone may be answered before Fastify.
    if (def.fast && (def.method !== 'GET' || csrfApplies('GET', def.url) || this.rateLimitApplies('GET', policy) || def.body))
      throw new Error(`RequestPipeline.route: ${def.method} ${def.url} cannot be answered from memory`);
    const validate = def.body ? this.bodyValidator(def.body) : null;
    const handler: RouteHandlerMethod = (req, reply) => def.handler(req, reply, req.body as B);
    fastify.route({
      method: def.method,
      url: def.url,
      // (RoutePolicy and Fastify's config share no declared field; the policy is read back by policyOf.)
      config: policy as FastifyContextConfig,
      preHandler: validate ? [validate] : undefined,
      handler,
    });
    if (def.fast) {
      const wildcard = def.url === '/*';
      const api = !wildcard && isApiPath(def.url);
      this.front.add(def.url, {
        route: def.url,
        answer: wildcard ? (req) => (isApiPath(normalisedPath(req.url as string)) ? null : def.fast!(req)) : def.fast,
        headers: Object.entries(api ? this.apiHeaders : this.documentHeaders).flat(),
        cacheControl: api ? (def.cacheControl ?? API_CACHE_DEFAULT) : null,
        logUrl: (url) => loggableUrl(url, def.url),
      });
    }
  }

  /**
   * Steps 1 and 2: the request id and the security headers of the route (API or document); an API
   * route's answer is `private, no-store` unless the route declares its caching (a handler that sets
   * the header itself overrides it).
   */
  private identify(req: FastifyRequest, reply: FastifyReply, route: string | undefined): void {
    if (isApiPath(routePath(req, route))) {
      reply.headers(this.apiHeaders);
      reply.header('cache-control', (route !== undefined && policyOf(req).cacheControl) || API_CACHE_DEFAULT);
    } else reply.headers(this.documentHeaders);
    reply.header('x-request-id', req.id);
  }

  private rateLimitApplies(method: string, policy: RoutePolicy): boolean {
    return this.writeLimitApplies(method, policy) || !!policy.limits?.length;
  }

  private writeLimitApplies(method: string, policy: RoutePolicy): boolean {
    return !SAFE_METHODS.has(method) && policy.writeLimit !== false;
  }

  /**
   * Step 4 for a request on a route (not a 404): the write limit when it is state-changing and not
   * exempted by its policy, and the route's own limits; null when nothing is counted.
   */
  private limitStep(req: FastifyRequest): LimitStep | null {
    if (req.is404) return null;
    const policy = policyOf(req);
    const step: LimitStep = { writes: this.writeLimitApplies(req.method, policy), limits: policy.limits ?? [] };
    return step.writes || step.limits.length ? step : null;
  }

  /** Step 5 for the pipeline's routes: the DTO's compiled rules, or the global pipe for what they do not accept. */
  private bodyValidator<B extends object>(dto: Type<B>) {
    const compiled = compileBody(dto);
    const pipe = this.pipe;
    return (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void => {
      const accepted = compiled?.(req.body);
      if (accepted) {
        req.body = accepted;
        return done();
      }
      pipe.transform(req.body, { type: 'body', metatype: dto }).then((body) => {
        req.body = body;
        done();
      }, done);
    };
  }

  private line(req: FastifyRequest, statusCode: number, ms: number): RequestLine {
    // Never the query's values or a secret path parameter (tokens, Checkout Session ids).
    return { reqId: req.id, method: req.method, url: loggableUrl(req.url, req.routeOptions.url), statusCode, ms: Math.round(ms) };
  }

  /**
   * Errors Fastify raises while routing, before any route or hook (a parameter that cannot be decoded
   * or is longer than any id): the same steps by hand, with no route to judge (1, 2, 7, 8).
   */
  private frameworkError(err: { code?: string }, req: FastifyRequest, reply: FastifyReply): void {
    const started = performance.now();
    this.identify(req, reply, undefined);
    const error =
      err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new AppError(404, 'NOT_FOUND', MSG.notFound)
        : new AppError(400, 'BAD_REQUEST', MSG.invalidUrl);
    const log = this.log;
    const observe = this.observer;
    if (log || observe)
      reply.raw.once('finish', () => {
        const ms = performance.now() - started;
        if (log) log(this.line(req, reply.statusCode, ms));
        if (observe) observe(req.method, undefined, reply.statusCode, ms);
      });
    answerError(error, req, reply);
  }
}

/** Requests Node cannot parse (headers too large, malformed, too slow): no request to run steps on, but the error shape. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const error =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError(431, 'PAYLOAD_TOO_LARGE', MSG.payloadTooLarge)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError(408, 'BAD_REQUEST', MSG.requestTimeout)
        : new AppError(400, 'BAD_REQUEST', MSG.validation);
  const { body } = toApiError(error);
  const text = JSON.stringify(body);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
    );
  socket.destroy(err);
}
