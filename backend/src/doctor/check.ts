import type { CheckStatus, StatusArea, StatusCheck } from '@academy/contracts';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../platform/config';
import type { OutboxQueueStats } from '../outbox/outbox-metrics';

/** The DNS lookups the mail checks make (node:dns/promises' Resolver; a test passes its own). */
export interface DnsLookup {
  resolveTxt(name: string): Promise<string[][]>;
  resolve4(name: string): Promise<string[]>;
  resolveMx(name: string): Promise<Array<{ exchange: string; priority: number }>>;
}

/** Everything a check reads: the configuration, the database, the outside world (each replaceable in tests). */
export interface DoctorContext {
  cfg: AppConfig;
  ds: DataSource;
  dns: DnsLookup;
  fetch: typeof fetch;
  now(): Date;
  /** The outbox's queue (OutboxMetrics.queueStats). */
  outboxStats(): Promise<OutboxQueueStats>;
  /** Webhook deliveries answered 4xx/5xx since a time, by provider (this instance); null: not known here (the CLI). */
  webhookFailuresSince: ((since: Date) => Record<string, number>) | null;
  /** The instance running the checks (its /api/health id), when run inside the app. */
  instance: string | null;
  /** Free space below which the disk check warns, and errs (bytes). */
  disk: { warnBelow: number; errorBelow: number };
  /** Each outside call's time limit (ms). */
  timeoutMs: number;
  /** The `Date` headers of the providers' answers, gathered as the checks call them (for the clock check). */
  providerDates: Array<{ provider: string; date: Date }>;
}

export type Check = StatusCheck;

export const check = (area: StatusArea, id: string, status: CheckStatus, message: string): Check => ({
  area,
  id: `${area}.${id}`,
  status,
  message,
});

/** A secret as it may be shown: its last 4 characters only. */
export function last4(secret: string | null | undefined): string {
  if (!secret) return '(tom)';
  return `…${secret.slice(-4)}`;
}

export const isProduction = (ctx: DoctorContext) => ctx.cfg.nodeEnv === 'production';

/** A provider's answer: status, JSON body (null when not JSON), and its Date header kept for the clock check. */
export async function call(
  ctx: DoctorContext,
  provider: string,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown }> {
  const res = await ctx.fetch(url, { ...init, signal: AbortSignal.timeout(ctx.timeoutMs), redirect: 'manual' });
  const date = res.headers.get('date');
  if (date && !Number.isNaN(Date.parse(date))) ctx.providerDates.push({ provider, date: new Date(date) });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

/** A provider answered, with an HTTP status the check did not expect (an answer: not "no contact"). */
export class ProviderAnswer extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'ProviderAnswer';
  }
}

/**
 * A call to a provider that failed: it answered with an error (HTTP status), or it could not be
 * reached at all (network, time-out). `setting` is the variable of its address.
 */
export function callFailed(area: StatusArea, provider: string, setting: string, e: unknown): Check {
  if (e instanceof ProviderAnswer)
    return check(
      area,
      'api',
      'error',
      `${provider} svarte med en feil (HTTP ${e.status}): ${e.status >= 500 ? `feilen er hos ${provider}; prøv igjen senere` : `sjekk nøkkelen og ${setting}`}.`,
    );
  return check(area, 'api', 'error', `Fikk ikke kontakt med ${provider} (${reason(e)}): sjekk nettverket og ${setting}.`);
}

/** Why a call failed, short and without secrets (the error's own message; a network error's cause). */
export function reason(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'ingen svar i tide';
  return err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(e);
}
