import { appendFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contractOf, type ContractViolation, type Provider } from './contract';

/**
 * What every provider fake shares: an HTTP server on 127.0.0.1, routes matched by method and path,
 * each request checked against the provider's published description (e2e/contracts), failure
 * injection, idempotency replay by key, and reset. A fake adds its provider's state and answers.
 *
 * A request the provider would refuse is answered as the provider would (`refuse`, a 400), kept in
 * `violations`, and makes `close()` throw, so the suite that sent it fails even where the app
 * swallowed the error.
 */

export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  /** The path's named parts (`{session}` in the route's path). */
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** Lower-case names, first value. */
  headers: Record<string, string | undefined>;
  header(name: string): string | undefined;
  text: string;
  raw: Buffer;
  body: unknown;
}

export interface FakeReply {
  status: number;
  /** JSON unless `text` is set; undefined: no body. */
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export interface FakeRoute<R extends string> {
  name: R;
  method: string;
  /** `/v1/checkout/sessions/{session}`: the names become `params`. */
  path: string;
  /** The operation in the provider's description (default: the route's name); null: not checked. */
  operation?: string | null;
  /** The description the operation is in, when not the server's (Vipps' Recurring API beside its ePayment). */
  provider?: Provider;
  handle(req: FakeRequest): FakeReply | Promise<FakeReply>;
}

export interface FakeServerOptions<R extends string> {
  name: string;
  provider: Provider;
  routes: FakeRoute<R>[];
  /** How the body is read (default JSON; a body that is not JSON is answered `badBody`). */
  parse?: (req: FakeRequest) => unknown;
  /** Answers before any route is matched (landing pages, upload links, an outage): true when answered. */
  intercept?(req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): boolean | Promise<boolean>;
  /** The answer to a body the parser could not read (default: 400). */
  badBody?(): FakeReply;
  notFound(req: FakeRequest): FakeReply;
  /** The provider's answer to a request its description refuses. */
  refuse(route: R, problems: string[]): FakeReply;
  /** The provider's answer to an injected failure. */
  failure(route: R, status: number): FakeReply;
  /** Authentication and the like, after the contract check and before failures: an answer, or null to go on. */
  guard?(route: R, req: FakeRequest): FakeReply | null;
  /** The key a repeated request is answered the same by (default none). */
  idempotencyKey?(route: R, req: FakeRequest): string | undefined;
  /** Called for every request that reached routing (route null: no route), with its answer. */
  record?(req: FakeRequest, route: R | null, reply: FakeReply): void;
  /** Headers on every answer. */
  headers?: Record<string, string> | ((reply: FakeReply) => Record<string, string>);
}

export interface FakeServer<R extends string> {
  url: string;
  /** The requests the provider would have refused, with the reasons. */
  violations: ContractViolation[];
  /** How many requests were checked against the description, and to which operations. */
  checked: { requests: number; operations: Set<string> };
  /** The next `times` requests of a route (or of every route: `*`) answer `status`. */
  fail(route: R | '*', status?: number, times?: number): void;
  /** Forgets failures and remembered answers (the fake forgets its own state). */
  reset(): void;
  /** Stops the server; throws when requests broke the provider's contract. */
  close(): Promise<void>;
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function matcher(template: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const re = new RegExp(
    '^' +
      template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, n: string) => {
        names.push(n);
        return '([^/]+)';
      }) +
      '$',
  );
  return (path) => {
    const m = re.exec(path);
    return m ? Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) : null;
  };
}

export function send(res: ServerResponse, reply: FakeReply, extra: Record<string, string> = {}): void {
  const json = reply.body !== undefined && reply.text === undefined;
  res.writeHead(reply.status, { ...(json ? { 'content-type': 'application/json' } : {}), ...extra, ...reply.headers });
  res.end(reply.text ?? (json ? JSON.stringify(reply.body) : undefined));
}

export async function startFakeServer<R extends string>(opts: FakeServerOptions<R>): Promise<FakeServer<R>> {
  const contract = contractOf(opts.provider);
  const routes = opts.routes.map((r) => ({ ...r, match: matcher(r.path) }));
  const failures = new Map<R | '*', { status: number; times: number }>();
  const remembered = new Map<string, FakeReply>();
  const violations: ContractViolation[] = [];
  const checked = { requests: 0, operations: new Set<string>() };

  const answer = async (req: FakeRequest): Promise<{ route: R | null; reply: FakeReply }> => {
    let params: Record<string, string> | null = null;
    const route = routes.find((r) => r.method === req.method && (params = r.match(req.path)) !== null);
    if (!route) return { route: null, reply: opts.notFound(req) };
    req.params = params ?? {};
    const r = route.name;
    const operation = route.operation === undefined ? r : route.operation;
    if (operation) {
      checked.requests += 1;
      checked.operations.add(operation);
      const problems = (route.provider ? contractOf(route.provider) : contract).check(operation, {
        params: req.params,
        query: req.query,
        headers: req.headers,
        // A GET's parameters are its query (Stripe's fake reads them as its body).
        body: req.method === 'GET' ? undefined : req.body,
        contentType: req.header('content-type'),
      });
      if (problems.length) {
        violations.push({ provider: route.provider ?? opts.provider, operation, problems });
        return { route: r, reply: opts.refuse(r, problems) };
      }
    }
    const guarded = opts.guard?.(r, req);
    if (guarded) return { route: r, reply: guarded };
    for (const f of [failures.get(r), failures.get('*')])
      if (f && f.times > 0) {
        f.times -= 1;
        return { route: r, reply: opts.failure(r, f.status) };
      }
    const key = opts.idempotencyKey?.(r, req);
    const memo = key ? `${r}:${req.path}:${key}` : null;
    const prior = memo ? remembered.get(memo) : undefined;
    if (prior) return { route: r, reply: prior };
    const reply = await route.handle(req);
    if (memo && reply.status < 500) remembered.set(memo, reply);
    return { route: r, reply };
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      if (opts.intercept && (await opts.intercept(req, res, url, raw))) return;
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v[0] : v;
      const fr: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        url,
        params: {},
        query: Object.fromEntries(url.searchParams),
        headers,
        header: (n) => headers[n.toLowerCase()],
        text: raw.toString('utf8'),
        raw,
        body: null,
      };
      const extra = (reply: FakeReply) => (typeof opts.headers === 'function' ? opts.headers(reply) : (opts.headers ?? {}));
      try {
        fr.body = opts.parse ? opts.parse(fr) : fr.text ? JSON.parse(fr.text) : null;
      } catch {
        const reply = opts.badBody?.() ?? { status: 400, body: { error: 'The body is not JSON' } };
        return send(res, reply, extra(reply));
      }
      const { route, reply } = await answer(fr);
      opts.record?.(fr, route, reply);
      send(res, reply, extra(reply));
    })().catch((e: unknown) => {
      if (!res.headersSent) send(res, { status: 500, body: { error: String(e) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    violations,
    checked,
    fail(route, status = 500, times = 1) {
      failures.set(route, { status, times });
    },
    reset() {
      failures.clear();
      remembered.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        const file = process.env.FAKE_CONTRACT_REPORT;
        if (file)
          appendFileSync(
            file,
            JSON.stringify({ fake: opts.name, requests: checked.requests, operations: [...checked.operations] }) + '\n',
          );
        server.close((e) => {
          if (e) return reject(e);
          if (violations.length)
            return reject(
              new Error(
                `${opts.name}: the app sent ${violations.length} request(s) ${opts.provider} would refuse:\n` +
                  violations.map((v) => `  ${v.operation}: ${v.problems.join('; ')}`).join('\n'),
              ),
            );
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
