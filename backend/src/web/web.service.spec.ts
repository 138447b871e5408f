import { Logger } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogService } from '../catalog/catalog.service';
import type { SiteSettingsService } from '../catalog/site-settings.service';
import { parseEnv } from '../platform/config/env.schema';
import { answerError } from '../platform/errors/all-exceptions.filter';
import { RequestPipeline } from '../platform/http/request-pipeline';
import { RERENDER_GAP_MS } from './rerender-schedule';
import { WebService } from './web.service';
import type { CertificatesService } from '../certificates/certificates.service';

/** A built storefront in a temp folder: a template, an asset, an admin file and a small server bundle. */
function builtSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ta-web-'));
  const client = join(dir, 'frontend', 'dist', 'client');
  mkdirSync(join(client, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'frontend', 'dist', 'server'), { recursive: true });
  mkdirSync(join(dir, 'admin', 'dist', 'assets'), { recursive: true });
  writeFileSync(
    join(client, 'index.html'),
    '<!doctype html><html lang="nb"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  writeFileSync(join(client, 'assets', 'app-1234.js'), `console.log(${JSON.stringify('x'.repeat(4000))});\n`);
  writeFileSync(join(dir, 'admin', 'dist', 'index.html'), '<!doctype html><title>Admin</title>');
  writeFileSync(join(dir, 'admin', 'dist', 'assets', 'admin-1.js'), 'console.log(1);\n');
  writeFileSync(
    join(dir, 'frontend', 'dist', 'server', 'entry-server.cjs'),
    `exports.prerenderPaths = () => ['/', '/a', '/kurs/foundation'];
exports.isAppPath = (p) => p.startsWith('/dashboard');
exports.render = (url) => ({ html: '<h1>' + url + '</h1>' + 'tekst '.repeat(300), head: '<title>' + url + '</title>', status: url === '/__finnes-ikke__' ? 404 : 200 });
exports.shellHead = (p) => '<title>skall ' + p + '</title>';`,
  );
  return dir;
}

/** The service over `fastify` (its routes) with a catalogue read by `catalog` and a site named Akademiet. */
function webService(fastify: unknown, cfg: ReturnType<typeof parseEnv>, catalog: () => Promise<{ value: unknown }>): WebService {
  return new WebService(
    { httpAdapter: { getInstance: () => fastify } } as unknown as HttpAdapterHost,
    cfg,
    { get: catalog, onChange: () => () => undefined } as unknown as CatalogService,
    { get: async () => ({ siteName: 'Akademiet' }) } as unknown as SiteSettingsService,
    { lookup: async () => null } as unknown as CertificatesService,
  );
}

describe('WebService: answers from memory at the front door are the answers of its routes', () => {
  const dir = builtSite();
  const cfg = parseEnv({ NODE_ENV: 'test', STATIC_ROOT: dir, PUBLIC_URL: 'http://localhost:3000' });
  const pipeline = new RequestPipeline(cfg, null);
  let fastify: FastifyInstance;
  let base: string;
  let handled = 0;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    fastify = Fastify(pipeline.serverOptions());
    pipeline.install(fastify);
    fastify.setErrorHandler((err, req, reply) => answerError(err, req, reply));
    const web = webService(fastify, cfg, async () => ({ value: { items: [] } }));
    const handle = web.handle.bind(web);
    web.handle = (req, reply) => {
      handled++;
      return handle(req, reply);
    };
    web.onModuleInit();
    await web.onApplicationBootstrap();
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fastify.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The bytes as sent (fetch would decode brotli and gzip). */
  const raw = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) =>
      get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject),
    );

  const comparable = (status: number, headers: Record<string, unknown>, body: string) => {
    const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = headers;
    return { status, headers: rest, body };
  };

  it.each([
    ['/', {}],
    ['/', { 'accept-encoding': 'gzip, deflate, br' }],
    ['/', { 'accept-encoding': 'gzip' }],
    ['/a', {}],
    ['/kurs/foundation/', { 'accept-encoding': 'br' }],
    ['/assets/app-1234.js', { 'accept-encoding': 'gzip' }],
    ['/admin/assets/admin-1.js', {}],
  ])('GET %s %j', async (path, headers) => {
    const h = { ...headers, 'x-request-id': 'web-sporing-123' };
    // Through the server: the front door answers from memory.
    handled = 0;
    const res = await raw(path, h);
    expect(handled).toBe(0);
    const fast = comparable(res.status, res.headers, res.body.toString('base64'));
    // Injected into Fastify: the route's handler, behind its hooks.
    const inj = await fastify.inject({ method: 'GET', url: path, headers: h });
    const routed = comparable(inj.statusCode, inj.headers, inj.rawPayload.toString('base64'));
    expect(handled).toBe(1);
    expect(fast).toEqual(routed);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");

    // The ETag it got answers 304 the same way on both.
    const etag = res.headers.etag as string;
    const again = await raw(path, { ...h, 'if-none-match': etag });
    const inj304 = await fastify.inject({ method: 'GET', url: path, headers: { ...h, 'if-none-match': etag } });
    expect(comparable(again.status, again.headers, again.body.toString())).toEqual(
      comparable(inj304.statusCode, inj304.headers, inj304.payload),
    );
    expect(again.status).toBe(304);
  });

  it('leaves to the routes what is made per request or not a plain page: the shell, the 404 page, robots, the API', async () => {
    for (const [path, status] of [
      ['/dashboard', 200],
      ['/finnes-ikke', 404],
      ['/robots.txt', 200],
      ['/%61', 200],
      ['/a?x=1', 200],
      ['/api/finnes-ikke', 404],
    ] as const) {
      handled = 0;
      const res = await fetch(`${base}${path}`);
      expect([path, res.status, handled]).toEqual([path, status, 1]);
    }
    const api = await fetch(`${base}/api/finnes-ikke`);
    expect(await api.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Ukjent API-adresse' });
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('WebService: pages follow the catalogue, rendered again at most once per gap', () => {
  const dir = builtSite();
  writeFileSync(
    join(dir, 'frontend', 'dist', 'server', 'entry-server.cjs'),
    `exports.prerenderPaths = () => ['/', '/kurs/foundation'];
exports.isAppPath = () => false;
exports.render = (url, state) => {
  globalThis.__webSpecRenders = (globalThis.__webSpecRenders || 0) + 1;
  return { html: '<h1>' + url + '</h1><p>' + state.catalog.students + ' elever</p>', head: '<title>' + url + '</title>', status: url === '/__finnes-ikke__' ? 404 : 200 };
};
exports.shellHead = () => '<title>skall</title>';`,
  );
  const cfg = parseEnv({ NODE_ENV: 'test', STATIC_ROOT: dir, PUBLIC_URL: 'http://localhost:3000' });
  let students = 10;
  const web = webService({ route: () => undefined }, cfg, async () => ({ value: { students } }));
  const renders = () => (globalThis as { __webSpecRenders?: number }).__webSpecRenders ?? 0;
  const page = (path: string) => (web as unknown as { pages: Map<string, { file: { body: Buffer } }> }).pages.get(path)!;
  /** Lets the render's awaits and its yields between pages run (setImmediate is left real). */
  const settle = async () => {
    for (let i = 0; i < 30; i++) await new Promise((r) => setImmediate(r));
  };

  beforeAll(async () => {
    Logger.overrideLogger(false);
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    await web.onApplicationBootstrap();
  });
  afterAll(() => {
    web.onModuleDestroy();
    jest.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a burst of sales renders once soon, the next change after the gap; an unchanged page is not compressed again', async () => {
    const atStart = renders();
    expect(page('/').file.body.toString()).toContain('10 elever');

    // Three sales at once: one re-render, half a second later (the two pages and the 404 page).
    students = 13;
    for (let i = 0; i < 3; i++) web.catalogChanged();
    await jest.advanceTimersByTimeAsync(499);
    await settle();
    expect(renders()).toBe(atStart);
    await jest.advanceTimersByTimeAsync(1);
    await settle();
    expect(renders()).toBe(atStart + 3);
    expect(page('/').file.body.toString()).toContain('13 elever');

    // Another sale a second later waits for the gap (RERENDER_GAP_MS after the last re-render began).
    await jest.advanceTimersByTimeAsync(1000);
    students = 14;
    web.catalogChanged();
    await jest.advanceTimersByTimeAsync(RERENDER_GAP_MS - 1000 - 2);
    await settle();
    expect(renders()).toBe(atStart + 3);
    expect(page('/').file.body.toString()).toContain('13 elever');
    await jest.advanceTimersByTimeAsync(2);
    await settle();
    expect(renders()).toBe(atStart + 6);
    expect(page('/').file.body.toString()).toContain('14 elever');

    // A change that leaves the pages as they were keeps the pages already compressed.
    const before = page('/kurs/foundation');
    web.catalogChanged();
    await jest.advanceTimersByTimeAsync(RERENDER_GAP_MS);
    await settle();
    expect(renders()).toBe(atStart + 9);
    expect(page('/kurs/foundation')).toBe(before);
  });
});
