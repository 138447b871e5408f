import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FastRoutes, type RequestLine } from './fast-routes';
import { requestId } from './request-id';

describe('FastRoutes (the front door)', () => {
  const lines: RequestLine[] = [];
  const fast = new FastRoutes((l) => lines.push(l));
  const body = Buffer.from('{"ok":"æøå"}');
  let current = true;
  const answer = () =>
    current ? { status: 200, headers: ['content-type', 'application/json', 'content-length', String(body.length)], body } : null;
  const entry = (route: string) => ({
    route,
    answer,
    headers: ['x-content-type-options', 'nosniff'],
    cacheControl: null as string | null,
    logUrl: (url: string) => `${url} (${route})`,
  });
  fast.add('/hot', entry('/hot'));
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!fast.handle(req, res)) res.writeHead(299, { 'x-fallback': '1' }).end('fallback');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("answers a GET of its exact path from memory with the route's headers, a request id, and a summed log line", async () => {
    const res = await fetch(`${base}/hot`, { headers: { 'x-request-id': 'abcdefgh-1234' } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBe('abcdefgh-1234');
    expect(res.headers.get('content-length')).toBe(String(body.length));
    // Logged as a summed line (written every ACCESS_SUMMARY_MS and on close), not a line of its own.
    expect(lines.some((l) => l.reqId === 'abcdefgh-1234')).toBe(false);
    await fetch(`${base}/hot`);
    fast.flushLog();
    expect(lines.at(-1)).toMatchObject({ reqId: 'sum', method: 'GET', url: '/hot (/hot)', statusCode: 200, count: 2 });
    fast.flushLog();
    expect(lines.at(-1)).toMatchObject({ count: 2 });
  });

  it('leaves everything else to the framework: other methods, paths, query strings, and a route with no answer', async () => {
    for (const [path, method] of [
      ['/hot', 'POST'],
      ['/hot', 'HEAD'],
      ['/hot?x=1', 'GET'],
      ['//hot', 'GET'],
      ['/other', 'GET'],
    ]) {
      const res = await fetch(`${base}${path}`, { method });
      expect([path, method, res.status]).toEqual([path, method, 299]);
    }
    current = false;
    expect((await fetch(`${base}/hot`)).status).toBe(299);
    current = true;
  });

  it('leaves a request whose answer from memory fails to the route, which maps the error', async () => {
    fast.add('/broken', {
      ...entry('/broken'),
      answer: () => {
        throw new Error('ødelagt');
      },
    });
    expect((await fetch(`${base}/broken`)).status).toBe(299);
  });

  it('asks the catch-all route for any path no exact route has', async () => {
    fast.add('/*', entry('/*'));
    const res = await fetch(`${base}/any/page`);
    expect(res.status).toBe(200);
    fast.flushLog();
    expect(lines.at(-1)).toMatchObject({ url: '/any/page (/*)', count: 1 });
    expect((await fetch(`${base}/hot`)).status).toBe(200);
  });

  it("gives an API route's answer the route's Cache-Control unless the answer carries its own (as a handler overrides the hook)", async () => {
    fast.add('/api/plain', { ...entry('/api/plain'), cacheControl: 'private, no-store' });
    const plain = await fetch(`${base}/api/plain`);
    expect(plain.headers.get('cache-control')).toBe('private, no-store');
    fast.add('/api/own', {
      ...entry('/api/own'),
      cacheControl: 'private, no-store',
      answer: () => ({ status: 200, headers: ['Cache-Control', 'public, max-age=60'], body }),
    });
    const own = await fetch(`${base}/api/own`);
    expect(own.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await fetch(`${base}/hot`)).headers.get('cache-control')).toBeNull();
  });

  it('keeps a sane request id and replaces anything else', () => {
    expect(requestId({ 'x-request-id': 'req_12345678' })).toBe('req_12345678');
    expect(requestId({ 'x-request-id': 'kort' })).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId({ 'x-request-id': 'a b c d e f g h' })).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId({})).toMatch(/^[0-9a-f-]{36}$/);
  });
});
