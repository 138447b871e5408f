import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contractOf } from './contract';

export const FAKE_FIKEN_TOKEN = 'personal-api-token';
export const FAKE_FIKEN_COMPANY = 'fiken-demo-testselskap-as';

/** FIKEN_* for an app that posts to the fake (or, with a closed port, to a Fiken that is down). */
export function fakeFikenEnv(apiBase: string): Record<string, string> {
  return {
    FIKEN_API_TOKEN: FAKE_FIKEN_TOKEN,
    FIKEN_COMPANY_SLUG: FAKE_FIKEN_COMPANY,
    FIKEN_ACCOUNT_CARD: '1920:10001',
    FIKEN_ACCOUNT_KLARNA: '1920:10002',
    FIKEN_ACCOUNT_VIPPS: '1920:10003',
    FIKEN_REVENUE_ACCOUNT_STANDARD: '3000',
    FIKEN_REVENUE_ACCOUNT_EXEMPT: '3100',
    FIKEN_API_BASE: apiBase,
  };
}

export interface FakeFikenSale {
  saleId: number;
  body: {
    date: string;
    kind: string;
    paid?: boolean;
    saleNumber: string;
    currency: string;
    totalPaid: number;
    paymentAccount: string;
    paymentFee?: number;
    lines: Array<{ description: string; netPrice: number; vat: number; account: string; vatType: string }>;
  };
  attachments: Array<{ filename: string; bytes: Buffer }>;
}

/** A contact made through the API (a partner as supplier). */
export interface FakeFikenContact {
  contactId: number;
  body: { name: string; email?: string; supplier?: boolean };
}

/** A purchase (a partner payout): Fiken's purchaseRequest as sent. */
export interface FakeFikenPurchase {
  purchaseId: number;
  body: {
    date: string;
    kind: string;
    paid: boolean;
    identifier?: string;
    currency: string;
    supplierId?: number;
    paymentAccount?: string;
    paymentDate?: string;
    lines: Array<{ description: string; netPrice: number; vat?: number; account: string; vatType: string }>;
  };
}

export interface FakeFiken {
  apiBase: string;
  sales: FakeFikenSale[];
  contacts: FakeFikenContact[];
  purchases: FakeFikenPurchase[];
  /** Requests that arrived while another was in flight (Fiken answers 429), or that Fiken's published
   * description refuses (e2e/contracts/fiken): tests expect none. */
  violations: string[];
  /** Connection answered 503 while set. */
  down: boolean;
  /** The next n requests answered with this status. */
  failNext(n: number, status?: number, body?: string): void;
  /** The first request about this sale number (its lookup or its creation) answered with this status. */
  refuseSale(saleNumber: string, status: number, body: string): void;
  /** Every request held this long (so overlapping requests really overlap). */
  delayMs: number;
  reset(): void;
  close(): Promise<void>;
}

const VAT_TYPES = new Set([
  'HIGH',
  'MEDIUM',
  'LOW',
  'RAW_FISH',
  'NONE',
  'EXEMPT',
  'OUTSIDE',
  'EXEMPT_IMPORT_EXPORT',
  'EXEMPT_REVERSE',
]);

/**
 * Fiken's API v2 as far as the app uses it (e2e/contracts/fiken/operations.json): the company, sales
 * by sale number, a cash sale created (201 + Location), its attachments (multipart); a supplier contact
 * and a purchase created (201 + Location), purchases by date. It refuses what
 * Fiken refuses: a wrong token (401), a sale without lines or currency or with an unknown vatType
 * (400), and a second request while one is in flight (429, recorded in `violations`).
 */
export async function startFakeFiken(): Promise<FakeFiken> {
  let inFlight = 0;
  let nextId = 1001;
  let failing: { n: number; status: number; body: string } = { n: 0, status: 500, body: '' };
  let refusing: { saleNumber: string; status: number; body: string } | null = null;
  const fake: FakeFiken = {
    apiBase: '',
    sales: [],
    contacts: [],
    purchases: [],
    violations: [],
    down: false,
    delayMs: 15,
    failNext(n, status = 503, body = 'Midlertidig feil') {
      failing = { n, status, body };
    },
    refuseSale(saleNumber, status, body) {
      refusing = { saleNumber, status, body };
    },
    reset() {
      fake.sales.length = 0;
      fake.contacts.length = 0;
      fake.purchases.length = 0;
      fake.violations.length = 0;
      fake.down = false;
      fake.delayMs = 15;
      failing = { n: 0, status: 500, body: '' };
      refusing = null;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const send = (res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers });
    res.end(body !== undefined ? JSON.stringify(body) : undefined);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse, raw: Buffer) => {
    await new Promise((r) => setTimeout(r, fake.delayMs));
    if (fake.down) return send(res, 503, { error: 'Service unavailable' });
    if (failing.n > 0) {
      failing.n--;
      return send(res, failing.status, { error: failing.body }, failing.status === 429 ? { 'retry-after': '1' } : {});
    }
    if (req.headers.authorization !== `Bearer ${FAKE_FIKEN_TOKEN}`) return send(res, 401, { error: 'Unauthorized' });
    const url = new URL(req.url ?? '/', 'http://fiken');
    if (refusing) {
      const about =
        url.searchParams.get('saleNumber') ??
        /"saleNumber"\s*:\s*"([^"]*)"/.exec(req.method === 'POST' ? raw.toString('utf8') : '')?.[1] ??
        null;
      if (about === refusing.saleNumber) {
        const { status, body } = refusing;
        refusing = null;
        return send(res, status, { error: body });
      }
    }
    const m = /^\/api\/v2\/companies\/([^/]+)(\/.*)?$/.exec(url.pathname);
    if (!m || m[1] !== FAKE_FIKEN_COMPANY) return send(res, 404, { error: 'Company not found' });
    const rest = m[2] ?? '';
    const contract = (op: string, params: Record<string, unknown>, body?: unknown): boolean => {
      const problems = contractOf('fiken').check(op, {
        params: params as Record<string, string>,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers as Record<string, string | undefined>,
        body,
        contentType: req.headers['content-type'],
      });
      if (!problems.length) return true;
      fake.violations.push(`${op}: ${problems.join('; ')}`);
      send(res, 400, { error: problems.join('; ') });
      return false;
    };
    if (req.method === 'GET' && rest === '') {
      if (!contract('companies.get', { companySlug: m[1] })) return;
      return send(res, 200, { name: 'Fiken Demo Testselskap AS', slug: m[1] });
    }
    if (req.method === 'GET' && rest === '/sales') {
      if (!contract('sales.list', { companySlug: m[1] })) return;
      const n = url.searchParams.get('saleNumber');
      return send(
        res,
        200,
        fake.sales.filter((s) => n === null || s.body.saleNumber === n).map((s) => ({ saleId: s.saleId, ...s.body })),
      );
    }
    if (req.method === 'POST' && rest === '/sales') {
      let body: FakeFikenSale['body'];
      try {
        body = JSON.parse(raw.toString('utf8')) as FakeFikenSale['body'];
      } catch {
        return send(res, 400, { error: 'Invalid JSON' });
      }
      if (!contract('sales.create', { companySlug: m[1] }, body)) return;
      if (!body.date || !body.kind || !body.currency || !Array.isArray(body.lines) || body.lines.length === 0)
        return send(res, 400, { error: 'lines, currency, date and kind are required' });
      const bad = body.lines.find((l) => !VAT_TYPES.has(l.vatType));
      if (bad) return send(res, 400, { error: `Unknown vatType ${bad.vatType}` });
      const saleId = nextId++;
      fake.sales.push({ saleId, body, attachments: [] });
      return send(res, 201, undefined, { location: `${fake.apiBase}/companies/${m[1]}/sales/${saleId}` });
    }
    if (req.method === 'POST' && (rest === '/contacts' || rest === '/purchases')) {
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return send(res, 400, { error: 'Invalid JSON' });
      }
      if (rest === '/contacts') {
        if (!contract('contacts.create', { companySlug: m[1] }, body)) return;
        const contactId = nextId++;
        fake.contacts.push({ contactId, body: body as FakeFikenContact['body'] });
        return send(res, 201, undefined, { location: `${fake.apiBase}/companies/${m[1]}/contacts/${contactId}` });
      }
      if (!contract('purchases.create', { companySlug: m[1] }, body)) return;
      const purchase = body as FakeFikenPurchase['body'];
      if (purchase.kind === 'supplier' && !fake.contacts.some((c) => c.contactId === purchase.supplierId))
        return send(res, 400, { error: `Unknown supplier ${purchase.supplierId}` });
      const purchaseId = nextId++;
      fake.purchases.push({ purchaseId, body: purchase });
      return send(res, 201, undefined, { location: `${fake.apiBase}/companies/${m[1]}/purchases/${purchaseId}` });
    }
    if (req.method === 'GET' && rest === '/purchases') {
      if (!contract('purchases.list', { companySlug: m[1] })) return;
      const date = url.searchParams.get('date');
      return send(
        res,
        200,
        fake.purchases.filter((p) => date === null || p.body.date === date).map((p) => ({ purchaseId: p.purchaseId, ...p.body })),
      );
    }
    const a = /^\/sales\/(\d+)(\/attachments)?$/.exec(rest);
    const sale = a ? fake.sales.find((s) => s.saleId === Number(a[1])) : undefined;
    if (a && !sale) return send(res, 404, { error: 'Sale not found' });
    if (a && sale && req.method === 'GET' && !a[2]) {
      if (!contract('sales.get', { companySlug: m[1], saleId: sale.saleId })) return;
      return send(res, 200, { saleId: sale.saleId, ...sale.body });
    }
    if (a && sale && req.method === 'POST' && a[2]) {
      if (!contract('sales.attach', { companySlug: m[1], saleId: sale.saleId })) return;
      const type = req.headers['content-type'] ?? '';
      const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
      if (!type.startsWith('multipart/form-data') || !boundary) return send(res, 400, { error: 'multipart/form-data required' });
      const parts = splitMultipart(raw, boundary[1] ?? boundary[2]);
      const file = parts.find((p) => p.name === 'file');
      const filename = parts.find((p) => p.name === 'filename')?.data.toString('utf8') ?? file?.filename;
      if (!file || !filename) return send(res, 400, { error: 'file and filename required' });
      sale.attachments.push({ filename, bytes: file.data });
      return send(res, 201, undefined, { location: `${fake.apiBase}/companies/${m[1]}/sales/${sale.saleId}/attachments/1` });
    }
    return send(res, 404, { error: 'Not found' });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (inFlight > 0) {
        fake.violations.push(`${req.method} ${req.url}`);
        return send(res, 429, { error: 'Too many concurrent requests' }, { 'retry-after': '1' });
      }
      inFlight++;
      void handle(req, res, Buffer.concat(chunks)).finally(() => inFlight--);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  return fake;
}

function splitMultipart(raw: Buffer, boundary: string): Array<{ name: string; filename?: string; data: Buffer }> {
  const out: Array<{ name: string; filename?: string; data: Buffer }> = [];
  const sep = Buffer.from(`--${boundary}`);
  let at = raw.indexOf(sep);
  while (at >= 0) {
    const next = raw.indexOf(sep, at + sep.length);
    if (next < 0) break;
    const part = raw.subarray(at + sep.length + 2, next - 2);
    const headEnd = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, headEnd).toString('utf8');
    const name = /name="([^"]+)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]+)"/.exec(head)?.[1];
    out.push({ name, filename, data: part.subarray(headEnd + 4) });
    at = next;
  }
  return out;
}
