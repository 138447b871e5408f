import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '../config';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { createPino, PinoNestLogger } from '../logging/logger';
import type { RequestObserver } from './fast-routes';
import { RequestPipeline, type RateLimiter, type RequestLogger } from './request-pipeline';
import { createValidationPipe } from './validation.pipe';

export interface HttpAppOptions {
  /** false: log nothing at all. */
  logger?: boolean;
  /** Where the JSON log lines go (default stdout). */
  logDestination?: DestinationStream;
}

/**
 * Nest's Fastify adapter on a Fastify server made here (the backend's own `fastify`, not the copy
 * Nest pins for itself: measured on `POST /api/leads`, the pinned 5.11 spends a third of the
 * request's CPU in `AsyncResource.bind` wrappers per body and the garbage they leave). No Nest
 * middleware is used (the pipeline's hooks do that work), so no middleware runner on every request.
 */
class PipelineFastifyAdapter extends FastifyAdapter {
  override async init(): Promise<void> {}
}

const hops =
  (n: number) =>
  (_address: string, i: number): boolean =>
    i < n;

/**
 * A Nest application on the one request pipeline: every route of `module` (and every route a module
 * registers through the pipeline) runs the same ordered steps; errors take the one mapping.
 */
export async function createHttpApp(
  cfg: AppConfig,
  module: DynamicModule | Type,
  opts: HttpAppOptions & {
    rateLimiter: (app: INestApplicationContext) => RateLimiter;
    /** Where every request's duration goes (the metrics). */
    observer?: (app: INestApplicationContext) => RequestObserver;
  },
): Promise<NestFastifyApplication> {
  const pino = createPino(opts.logger === false ? 'silent' : cfg.logLevel, opts.logDestination);
  // One structured line per request, with its id (the health checks of the load balancer left out).
  const log: RequestLogger | null = pino.isLevelEnabled('info')
    ? (line) => {
        if (line.url !== '/api/health') pino.info(line, 'request');
      }
    : null;
  const pipeline = new RequestPipeline(cfg, log);
  const options: FastifyHttpOptions<Server> = {
    bodyLimit: cfg.bodyLimitBytes,
    // TRUST_PROXY=n believes the n addresses nearest the connection (Fastify 5.12 refuses a bare hop
    // count, so it is given as the rule itself: the i-th address back is a proxy while i < n).
    trustProxy: typeof cfg.trustProxy === 'number' ? hops(cfg.trustProxy) : cfg.trustProxy,
    routerOptions: { maxParamLength: 200, ignoreDuplicateSlashes: true },
    // A request that reaches routing while the server closes (on a connection it already had) is
    // served, not answered with Fastify's English 503: the database closes only after the server.
    return503OnClosing: false,
    ...pipeline.serverOptions(),
  };
  const fastify: FastifyInstance = Fastify(options);
  const app = await NestFactory.create<NestFastifyApplication>(module, new PipelineFastifyAdapter(fastify as never), {
    rawBody: true,
    abortOnError: false,
    logger: opts.logger === false ? false : new PinoNestLogger(pino),
  });
  pipeline.install(fastify);
  pipeline.useRateLimiter(opts.rateLimiter(app));
  if (opts.observer) pipeline.useObserver(opts.observer(app));
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());
  await app.register(fastifyCookie as never);
  // multipart/form-data is parsed only when a handler asks (the upload routes, which the CSRF rule
  // alone admits it on), with the handler's limits; these are the strict defaults under them.
  await app.register(
    fastifyMultipart as never,
    {
      limits: { fileSize: 8 * 1024 * 1024, files: 4, fields: 8, fieldSize: 64 * 1024, parts: 12, headerPairs: 50 },
      throwFileSizeLimit: true,
    } as never,
  );
  return app;
}
