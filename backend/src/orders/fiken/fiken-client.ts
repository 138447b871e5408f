import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import type { FikenPurchaseRequest, FikenSupplierRequest } from './fiken-purchase';
import type { FikenSaleRequest } from './fiken-sale';

/** Time limit per request to Fiken. */
export const FIKEN_TIMEOUT_MS = 20_000;

/** A failed call to Fiken: `retryable` for network trouble, timeouts, 429 and 5xx; not for 4xx that will not get better. */
export class FikenError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Fiken's API (v2) with the personal token. One request at a time across the process: Fiken refuses
 * concurrent requests from one user (429), so every call waits for the one before it.
 */
@Injectable()
export class FikenClient {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(@Inject(APP_CONFIG) private readonly cfg: AppConfig) {}

  async getCompany(): Promise<{ slug: string; name: string }> {
    const res = await this.request('GET', '');
    return (await res.json()) as { slug: string; name: string };
  }

  /** The sale with this sale number, or null. */
  async findSaleBySaleNumber(saleNumber: string): Promise<string | null> {
    const res = await this.request('GET', `/sales?saleNumber=${encodeURIComponent(saleNumber)}`);
    const sales = (await res.json()) as Array<{ saleId?: number | string; saleNumber?: string }>;
    const hit = Array.isArray(sales) ? sales.find((s) => String(s.saleNumber) === saleNumber) : undefined;
    return hit?.saleId !== undefined ? String(hit.saleId) : null;
  }

  /** Creates the sale; its id is the last part of the Location header of Fiken's 201. */
  async createSale(body: FikenSaleRequest): Promise<string> {
    const res = await this.request('POST', '/sales', { body: JSON.stringify(body), type: 'application/json' });
    const id = res.headers.get('location')?.split('/').filter(Boolean).pop();
    if (!id) throw new FikenError('Fiken svarte uten Location for salget', true, res.status);
    return id;
  }

  /** Creates a contact (a partner as supplier); its id is the last part of the Location header. */
  async createContact(body: FikenSupplierRequest): Promise<string> {
    const res = await this.request('POST', '/contacts', { body: JSON.stringify(body), type: 'application/json' });
    return this.createdId(res, 'kontakten');
  }

  /** The purchase made on this date with this identifier, or null. */
  async findPurchase(date: string, identifier: string): Promise<string | null> {
    const res = await this.request('GET', `/purchases?date=${encodeURIComponent(date)}`);
    const purchases = (await res.json()) as Array<{ purchaseId?: number | string; identifier?: string }>;
    const hit = Array.isArray(purchases) ? purchases.find((p) => p.identifier === identifier) : undefined;
    return hit?.purchaseId !== undefined ? String(hit.purchaseId) : null;
  }

  async createPurchase(body: FikenPurchaseRequest): Promise<string> {
    const res = await this.request('POST', '/purchases', { body: JSON.stringify(body), type: 'application/json' });
    return this.createdId(res, 'kjøpet');
  }

  private createdId(res: Response, what: string): string {
    const id = res.headers.get('location')?.split('/').filter(Boolean).pop();
    if (!id) throw new FikenError(`Fiken svarte uten Location for ${what}`, true, res.status);
    return id;
  }

  async attachPdf(saleId: string, filename: string, bytes: Buffer): Promise<void> {
    const form = new FormData();
    form.append('filename', filename);
    form.append('attachToSale', 'true');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
    await this.request('POST', `/sales/${encodeURIComponent(saleId)}/attachments`, { form });
  }

  private request(method: string, path: string, send?: { body?: string; type?: string; form?: FormData }): Promise<Response> {
    const run = this.queue.then(() => this.send(method, path, send));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async send(method: string, path: string, send?: { body?: string; type?: string; form?: FormData }): Promise<Response> {
    const fiken = this.cfg.fiken;
    if (!fiken) throw new FikenError('Fiken er ikke satt opp', false);
    const base = fiken.apiBase.toString().replace(/\/$/, '');
    const url = `${base}/companies/${encodeURIComponent(fiken.companySlug)}${path}`;
    const headers: Record<string, string> = { authorization: `Bearer ${fiken.apiToken}`, accept: 'application/json' };
    if (send?.type) headers['content-type'] = send.type;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: send?.form ?? send?.body,
        signal: AbortSignal.timeout(FIKEN_TIMEOUT_MS),
      });
    } catch (e) {
      const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new FikenError(timeout ? 'Fiken svarte ikke i tide' : `Fikk ikke kontakt med Fiken (${errorText(e)})`, true);
    }
    if (res.ok) return res;
    const text = (await res.text().catch(() => '')).slice(0, 600);
    const reason = `Fiken svarte ${res.status}${text ? `: ${text}` : ''}`.slice(0, 900);
    const retryAfter = Number(res.headers.get('retry-after'));
    const retryable = res.status === 429 || res.status >= 500 || res.status === 408;
    throw new FikenError(reason, retryable, res.status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null);
  }
}

function errorText(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as { cause?: { code?: string } }).cause;
    return cause?.code ?? e.message;
  }
  return String(e);
}
