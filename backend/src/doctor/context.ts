import { Resolver } from 'node:dns/promises';
import type { AppConfig } from '../platform/config';
import type { OutboxQueueStats } from '../outbox/outbox-metrics';
import type { DnsLookup, DoctorContext } from './check';

/** What the doctor warns and errs below: 2 GB and 500 MB free. */
export const DISK_LIMITS = { warnBelow: 2 * 1024 ** 3, errorBelow: 500 * 1024 ** 2 };

/** The system's resolver, with a time limit per lookup. */
export function systemDns(timeoutMs: number): DnsLookup {
  return new Resolver({ timeout: timeoutMs, tries: 2 });
}

/** A context for one run (each run gathers its own providers' Date headers). */
export function doctorContext(
  parts: Pick<DoctorContext, 'ds' | 'webhookFailuresSince' | 'instance'> & {
    cfg: AppConfig;
    outboxStats(): Promise<OutboxQueueStats>;
    dns?: DnsLookup;
    fetch?: typeof fetch;
    now?: () => Date;
    disk?: DoctorContext['disk'];
    timeoutMs?: number;
  },
): DoctorContext {
  const timeoutMs = parts.timeoutMs ?? 8000;
  return {
    cfg: parts.cfg,
    ds: parts.ds,
    dns: parts.dns ?? systemDns(timeoutMs),
    fetch: parts.fetch ?? fetch,
    now: parts.now ?? (() => new Date()),
    outboxStats: parts.outboxStats,
    webhookFailuresSince: parts.webhookFailuresSince,
    instance: parts.instance,
    disk: parts.disk ?? DISK_LIMITS,
    timeoutMs,
    providerDates: [],
  };
}
