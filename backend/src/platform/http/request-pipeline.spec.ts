import { Body, Controller, Get, Injectable, Module, OnModuleInit, Post } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsString, MaxLength } from 'class-validator';
import type { FastifyInstance } from 'fastify';
import { parseEnv } from '../config/env.schema';
import { AppError } from '../errors/app-error';
import { Trim } from '../dto/transforms';
import { RoutePolicy } from '../security/route-policy';
import { SkipWriteLimit } from '../security/write-limit';
import { createHttpApp } from './http-app';
import { pipelineOf } from './request-pipeline';

/**
 * Every kind of route runs the same steps in the same order: a Nest controller, a route of the
 * pipeline itself, its answer from memory, and a request no route answers. Each test sends the same
 * requests to each kind and expects the same outcome.
 */

const LIMIT = 5;

class NameDto {
  @Trim()
  @IsString({ message: 'Navn mangler' })
  @MaxLength(5, { message: 'Navnet kan være maks 5 tegn' })
  name: string;
}

/** What the handlers saw: a handler that runs for a refused request is a failure of the order. */
const handled: string[] = [];

@Controller('api/nest')
class NestRoutes {
  @Post('echo')
  echo(@Body() dto: NameDto) {
    handled.push(`nest ${dto.name}`);
    return { name: dto.name };
  }

  @Post('signed')
  @SkipWriteLimit()
  signed() {
    handled.push('signed');
    return { ok: true };
  }

  @Get('read')
  read() {
    return { ok: true };
  }

  @Get('boom')
  boom() {
    throw new TypeError('hemmelige detaljer');
  }

  @Get('shared')
  @RoutePolicy({ cacheControl: 'public, max-age=60' })
  shared() {
    return { ok: true };
  }
}

/** Exempt as a whole (a caller authenticated by signature), like the Stripe webhook. */
@Controller('api/signed')
@SkipWriteLimit()
class SignedRoutes {
  @Post('hook')
  hook() {
    handled.push('hook');
    return { ok: true };
  }
}

let fresh = true;
/** The application's pipeline (to write the summed access lines when a test wants them). */
let thePipeline: ReturnType<typeof pipelineOf> | null = null;
const hot = Buffer.from('{"hot":true}');

@Injectable()
class PipelineRoutes implements OnModuleInit {
  constructor(private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const pipeline = pipelineOf(this.host.httpAdapter.getInstance<FastifyInstance>());
    thePipeline = pipeline;
    pipeline.route({
      method: 'POST',
      url: '/api/pipe/echo',
      body: NameDto,
      handler: (_req, reply, dto) => {
        handled.push(`pipe ${dto.name}`);
        return reply.status(201).send({ name: dto.name });
      },
    });
    const answer = {
      status: 200,
      headers: ['content-type', 'application/json', 'content-length', String(hot.length)],
      body: hot,
    };
    pipeline.route({
      method: 'GET',
      url: '/api/pipe/shared',
      cacheControl: 'public, max-age=60',
      fast: () => answer,
      handler: (_req, reply) => reply.send(answer.body),
    });
    pipeline.route({
      method: 'GET',
      url: '/api/pipe/read',
      fast: () => (fresh ? answer : null),
      handler: (_req, reply) => {
        handled.push('read');
        for (let i = 0; i < answer.headers.length; i += 2) reply.header(answer.headers[i], answer.headers[i + 1]);
        return reply.send(answer.body);
      },
    });
  }
}

@Module({ controllers: [NestRoutes, SignedRoutes], providers: [PipelineRoutes] })
class TestModule {}

describe('the request pipeline', () => {
  const cfg = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', PUBLIC_URL: 'http://localhost:3000' });
  const logged: Array<Record<string, unknown>> = [];
  const counted: string[] = [];
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    app = await createHttpApp(cfg, TestModule, {
      logDestination: { write: (s: string) => void logged.push(JSON.parse(s) as Record<string, unknown>) },
      // A write limit kept here, so the test sees what it counted.
      rateLimiter: () => async (req) => {
        const key = `${req.method} ${req.routeOptions.url}`;
        counted.push(key);
        if (counted.filter((k) => k === key).length > LIMIT) throw new AppError(429, 'TOO_MANY_REQUESTS', 'For mange');
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(() => app.close());
  beforeEach(() => {
    handled.length = 0;
    counted.length = 0;
  });

  const send = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  const lineOf = async (id: string) => {
    await new Promise((r) => setTimeout(r, 20));
    return logged.filter((l) => l.msg === 'request' && l.reqId === id);
  };

  const WRITES = ['/api/nest/echo', '/api/pipe/echo', '/api/finnes-ikke'];
  const READS = ['/api/nest/read', '/api/pipe/read', '/api/finnes-ikke'];

  it('1, 2 and 8: every kind of route (answered, refused, unknown, from memory) gets a request id, the security headers and one log line', async () => {
    fresh = true;
    const cases: Array<[string, RequestInit & { json?: unknown }]> = [
      ...READS.map((p) => [p, {}] as [string, RequestInit]),
      ...WRITES.map((p) => [p, { method: 'POST', json: { name: 'Kari' } }] as [string, RequestInit & { json?: unknown }]),
      ...WRITES.map(
        (p) => [p, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } }] as [string, RequestInit],
      ),
      ['/api/nest/boom', {}],
      // A path Fastify cannot route (it cannot be decoded): refused before any route.
      ['/api/nest/%E0%A4%A', {}],
    ];
    for (const [i, [path, init]] of cases.entries()) {
      const id = `sporing-${i}-${'x'.repeat(8)}`;
      const res = await send(path, { ...init, headers: { ...(init.headers as object), 'x-request-id': id } });
      const seen = {
        path,
        method: init.method ?? 'GET',
        id: res.headers.get('x-request-id'),
        csp: res.headers.get('content-security-policy'),
        nosniff: res.headers.get('x-content-type-options'),
        lines: (await lineOf(id)).map((l) => [l.url, l.statusCode]),
      };
      // A successful answer from memory is counted in a summed line (below), not written on its own.
      const fromMemory = path === '/api/pipe/read' && (init.method ?? 'GET') === 'GET';
      expect(seen).toEqual({
        path,
        method: init.method ?? 'GET',
        id,
        csp: "default-src 'none'; frame-ancestors 'none'",
        nosniff: 'nosniff',
        lines: fromMemory ? [] : [[path, res.status]],
      });
    }
  });

  it('8: successful answers from memory are logged as one summed line per address and status, with the count and the slowest time', async () => {
    fresh = true;
    thePipeline!.flushLog();
    logged.length = 0;
    for (let i = 0; i < 5; i++) await send('/api/pipe/read', { headers: { 'x-request-id': `sum-${i}-xxxxxxxx` } });
    await send('/api/pipe/shared');
    expect(logged.filter((l) => l.msg === 'request')).toEqual([]);
    thePipeline!.flushLog();
    const lines = logged.filter((l) => l.msg === 'request');
    expect(lines.map((l) => [l.reqId, l.method, l.url, l.statusCode, l.count])).toEqual([
      ['sum', 'GET', '/api/pipe/read', 200, 5],
      ['sum', 'GET', '/api/pipe/shared', 200, 1],
    ]);
    expect(typeof lines[0].ms).toBe('number');
    // The same route through Fastify (a query string skips the front door) keeps its own line.
    await send('/api/pipe/read?x=1', { headers: { 'x-request-id': 'sum-fastify-xxxxxxxx' } });
    expect((await lineOf('sum-fastify-xxxxxxxx')).map((l) => l.url)).toEqual(['/api/pipe/read?x=[skjult]']);
  });

  it('3 before 4: the CSRF rule refuses on every kind before anything is counted or handled', async () => {
    for (const path of WRITES) {
      const plain = await send(path, { method: 'POST', body: 'name=Kari', headers: { 'content-type': 'text/plain' } });
      const foreign = await send(path, { method: 'POST', json: { name: 'Kari' }, headers: { origin: 'https://evil.example' } });
      expect([path, plain.status, await plain.json()]).toEqual([
        path,
        415,
        { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Forespørselen må sendes som JSON' },
      ]);
      expect([path, foreign.status, ((await foreign.json()) as { code: string }).code]).toEqual([path, 403, 'CSRF_REJECTED']);
    }
    expect({ counted, handled }).toEqual({ counted: [], handled: [] });
  });

  it('4 before 5: over the write limit a request is refused before its body is validated; reads, exempt routes and unknown routes are not counted', async () => {
    for (const path of ['/api/nest/echo', '/api/pipe/echo']) {
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT; i++) statuses.push((await send(path, { method: 'POST', json: { name: 'Ola' } })).status);
      const invalid = await send(path, { method: 'POST', json: { name: 'altfor langt navn' } });
      expect([path, statuses.every((s) => s < 300), invalid.status]).toEqual([path, true, 429]);
      expect(invalid.headers.get('retry-after')).toBe('60');
    }
    for (let i = 0; i <= LIMIT; i++) {
      expect((await send('/api/nest/signed', { method: 'POST', json: {} })).status).toBe(201);
      expect((await send('/api/signed/hook', { method: 'POST', json: {} })).status).toBe(201);
      await send('/api/finnes-ikke', { method: 'POST', json: {} });
      await send('/api/pipe/read');
    }
    expect(counted.sort()).toEqual([
      ...Array(LIMIT + 1).fill('POST /api/nest/echo'),
      ...Array(LIMIT + 1).fill('POST /api/pipe/echo'),
    ]);
  });

  it('5 before 6: a body the DTO refuses never reaches the handler, in the same words on both kinds; a valid one arrives transformed', async () => {
    for (const path of ['/api/nest/echo', '/api/pipe/echo']) {
      const long = await send(path, { method: 'POST', json: { name: 'altfor langt navn' } });
      const extra = await send(path, { method: 'POST', json: { name: 'Ola', admin: true } });
      const missing = await send(path, { method: 'POST', json: {} });
      expect([path, await long.json(), await extra.json(), ((await missing.json()) as { message: string }).message]).toEqual([
        path,
        { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Navnet kan være maks 5 tegn', field: 'name' },
        { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Ukjent felt: admin', field: 'admin' },
        'Navn mangler',
      ]);
      expect((await send(path, { method: 'POST', json: { name: '  Kari  ' } })).status).toBeLessThan(300);
    }
    expect(handled).toEqual(['nest Kari', 'pipe Kari']);
  });

  it('7: errors take the one shape on every kind; the unexpected one says nothing and is logged with the request id', async () => {
    const boom = await send('/api/nest/boom', { headers: { 'x-request-id': 'feil-sporing-1' } });
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Noe gikk galt hos oss. Prøv igjen.' });
    expect(boom.headers.get('cache-control')).toBe('no-store');
    await new Promise((r) => setTimeout(r, 20));
    expect(logged.find((l) => l.level === 50 && l.reqId === 'feil-sporing-1')).toMatchObject({ url: '/api/nest/boom' });
    for (const [path, init] of [
      ['/api/finnes-ikke', {}],
      ['/api/finnes-ikke', { method: 'POST', json: {} }],
      ['/api/pipe/echo', { method: 'POST', body: '{"name": ', headers: { 'content-type': 'application/json' } }],
      ['/api/nest/echo', { method: 'POST', body: '{"name": ', headers: { 'content-type': 'application/json' } }],
      [`/api/x/${'%E0%A4%A'}`, { method: 'POST', json: {} }],
    ] as Array<[string, RequestInit & { json?: unknown }]>) {
      const res = await send(path, init);
      const body = (await res.json()) as Record<string, unknown>;
      expect([path, Object.keys(body).sort(), res.headers.get('cache-control')]).toEqual([
        path,
        ['code', 'message', 'statusCode'],
        'no-store',
      ]);
      expect(body.statusCode).toBe(res.status);
    }
  });

  it('the answer from memory is the answer of the route: same status, headers and bytes', async () => {
    const strip = (h: Headers) => {
      const out: Record<string, string> = {};
      h.forEach((value, name) => {
        if (name !== 'date') out[name] = value;
      });
      return out;
    };
    fresh = true;
    const warm = await send('/api/pipe/read', { headers: { 'x-request-id': 'minne-sporing-1' } });
    expect(handled).toEqual([]);
    fresh = false;
    const cold = await send('/api/pipe/read', { headers: { 'x-request-id': 'minne-sporing-1' } });
    expect(handled).toEqual(['read']);
    expect([warm.status, await warm.text(), strip(warm.headers)]).toEqual([cold.status, await cold.text(), strip(cold.headers)]);
    fresh = true;
  });

  it('refuses a route that would be answered from memory but has a step that could refuse it', () => {
    const pipeline = pipelineOf(app.getHttpAdapter().getInstance() as unknown as FastifyInstance);
    expect(() => pipeline.route({ method: 'POST', url: '/api/pipe/x', fast: () => null, handler: () => undefined })).toThrow(
      /cannot be answered from memory/,
    );
  });
  it('every /api answer is private, no-store unless its route declares its caching; errors and unknown /api addresses too', async () => {
    const caching = async (path: string) => {
      const res = await send(path);
      return [path, res.status, res.headers.get('cache-control')];
    };
    expect(await caching('/api/nest/read')).toEqual(['/api/nest/read', 200, 'private, no-store']);
    expect(await caching('/api/pipe/read')).toEqual(['/api/pipe/read', 200, 'private, no-store']);
    expect(await caching('/api/nest/shared')).toEqual(['/api/nest/shared', 200, 'public, max-age=60']);
    // Decided on the matched route: another spelling of the path is the same route.
    expect(await caching('//api/nest/shared')).toEqual(['//api/nest/shared', 200, 'public, max-age=60']);
    // The answer from memory, and the same route through Fastify (a query string skips the front door).
    expect(await caching('/api/pipe/shared')).toEqual(['/api/pipe/shared', 200, 'public, max-age=60']);
    expect(await caching('/api/pipe/shared?x=1')).toEqual(['/api/pipe/shared?x=1', 200, 'public, max-age=60']);
    expect((await caching('/api/nest/boom'))[2]).toMatch(/no-store/);
    expect((await caching('/api/finnes-ikke'))[2]).toMatch(/no-store/);
  });
});
