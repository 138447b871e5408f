import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createServer, STATUS_CODES, type RequestListener } from 'node:http';
import type { Duplex } from 'node:stream';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { CatalogRoute } from './catalog/catalog.route';
import { FastRoutes, requestId, type RequestLine } from './platform/http/fast-routes';
import { loggableUrl } from './platform/logging/loggable-url';
import { createPino, PinoNestLogger } from './platform/logging/logger';
import { isApiPath, routePath } from './platform/security/route-path';
import { apiSecurityHeaders, securityHeaders } from './platform/security/security-headers';
import type { AppConfig } from './platform/config';
import { MSG } from '@academy/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing routes that may be called without the CSRF rule, as `METHOD /route`: callers that
 * cannot send JSON from the site and do not rely on the visitor's cookie.
 * - `POST /`: the lead form without JavaScript (form-encoded; it signs nobody in and reads no session).
 * - `POST /api/stripe/webhook`: authenticated by Stripe's signature.
 * - `POST /api/unsubscribe`: RFC 8058 one-click unsubscribe, posted form-encoded by mail providers;
 *   authenticated by the link's signature.
 */
export const CSRF_EXEMPT: ReadonlySet<string> = new Set(['POST /', 'POST /api/stripe/webhook', 'POST /api/unsubscribe']);

/**
 * The CSRF rule, for every state-changing request on every route: it must be JSON (or bodiless with
 * X-Requested-With), and when the browser sends an Origin it must be the site's own. The rule is
 * decided on the route that will run (its pattern, whatever spelling of the path reached it), so
 * `//api/…`, `/%61pi/…` and the like are judged like `/api/…`; only {@link CSRF_EXEMPT} is let through.
 * A request no route answers is judged too (it reaches no handler either way).
 */
export function csrfCheck(cfg: AppConfig) {
  return (
    req: FastifyRequest,
    reply: FastifyReply,
    done: (err?: Error) => void,
    route: string | undefined = req.routeOptions.url,
  ) => {
    if (SAFE_METHODS.has(req.method)) return done();
    if (route !== undefined && CSRF_EXEMPT.has(`${req.method} ${route}`)) return done();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== cfg.publicOrigin) {
      void reply
        .status(403)
        .header('cache-control', 'no-store')
        .send({ statusCode: 403, code: 'CSRF_REJECTED', message: MSG.csrf });
      return;
    }
    const ct = String(req.headers['content-type'] ?? '').toLowerCase();
    const json = ct.startsWith('application/json');
    const hasBody =
      (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') ||
      req.headers['transfer-encoding'] !== undefined;
    if (json || (!hasBody && req.headers['x-requested-with'] !== undefined)) return done();
    if (!hasBody && ct === '') {
      void reply
        .status(403)
        .header('cache-control', 'no-store')
        .send({ statusCode: 403, code: 'CSRF_REJECTED', message: MSG.csrf });
      return;
    }
    void reply
      .status(415)
      .header('cache-control', 'no-store')
      .send({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: MSG.unsupportedMediaType });
  };
}

/**
 * Errors Fastify raises while routing, before any handler (a parameter that cannot be decoded or
 * is longer than any id), in the API's error shape instead of Fastify's English one.
 */
export function frameworkErrors(err: { code?: string }, _req: unknown, reply: FastifyReply): void {
  const body =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { statusCode: 404, code: 'NOT_FOUND', message: MSG.notFound }
      : { statusCode: 400, code: 'BAD_REQUEST', message: MSG.invalidUrl };
  void reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
}

/** Requests Node cannot parse (headers too large, malformed, too slow) get the error shape too. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'PAYLOAD_TOO_LARGE', MSG.payloadTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'BAD_REQUEST', MSG.requestTimeout]
        : [400, 'BAD_REQUEST', MSG.validation];
  const body = JSON.stringify({ statusCode, code, message });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

export interface CreateAppOptions {
  /** false: log nothing at all. */
  logger?: boolean;
  /** Where the JSON log lines go (default stdout). */
  logDestination?: DestinationStream;
}

export async function createApp(cfg: AppConfig, opts: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const pino = createPino(opts.logger === false ? 'silent' : cfg.logLevel, opts.logDestination);
  // One structured line per request, with its id.
  const logRequest = pino.isLevelEnabled('info')
    ? (line: RequestLine) => {
        if (line.url !== '/api/health') pino.info(line, 'request');
      }
    : null;
  const apiHeaders = apiSecurityHeaders(cfg);
  const fast = new FastRoutes(apiHeaders, logRequest);
  const instance = Fastify({
    bodyLimit: cfg.bodyLimitBytes,
    trustProxy: cfg.trustProxy,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => requestId(req.headers),
    // Fastify's own server (the same settings Fastify gives it), with the fast routes in front.
    serverFactory: (handler: RequestListener, o: Record<string, unknown>) => {
      const server = createServer((req, res) => {
        if (!fast.handle(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = Number(o.keepAliveTimeout);
      server.requestTimeout = Number(o.requestTimeout);
      server.setTimeout(Number(o.connectionTimeout));
      return server;
    },
    routerOptions: { maxParamLength: 200, ignoreDuplicateSlashes: true },
    // No Nest middleware is used (the hooks below do that work), so no middleware runner on every request.
    frameworkErrors: frameworkErrors as never,
    clientErrorHandler,
    // A request that reaches routing while the server closes (on a connection it already had) is
    // served, not answered with Fastify's English 503: the database closes only after the server.
    return503OnClosing: false,
  } as never);
  class AppAdapter extends FastifyAdapter { override async init(): Promise<void> {} }
  const adapter = new AppAdapter(instance as never);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(cfg), adapter, {
    rawBody: true,
    abortOnError: false,
    logger: opts.logger === false ? false : new PinoNestLogger(pino),
  });

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  await app.register(fastifyCookie as never);
  // Security headers (computed once: helmet's for documents, OWASP's REST set for the API), the
  // request id, and the CSRF rule: one hook for every request.
  const documentHeaders = securityHeaders(cfg);
  const csrf = csrfCheck(cfg);
  fastify.addHook('onRequest', (req, reply, done) => {
    // The route that will run (the router has matched it before the hooks): both decisions use it.
    const route = req.routeOptions.url;
    reply.headers(isApiPath(routePath(req, route)) ? apiHeaders : documentHeaders);
    reply.header('x-request-id', req.id);
    csrf(req, reply, done, route);
  });
  if (logRequest) {
    fastify.addHook('onResponse', (req, reply, done) => {
      logRequest({
        reqId: req.id,
        method: req.method,
        // Never the query's values or a secret path parameter (tokens, Checkout Session ids).
        url: loggableUrl(req.url, req.routeOptions.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      });
      done();
    });
  }
  fast.add('/api/catalog', app.get(CatalogRoute).fast);
  return app;
}
