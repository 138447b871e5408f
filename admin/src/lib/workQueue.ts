import type { AdminWorkQueue } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { httpClient } from './http';

/** What waits for the mentor, per resource of the menu, and where each count's list is (filtered). */
export const WORK_QUEUE_ITEMS: ReadonlyArray<{
  key: keyof AdminWorkQueue;
  resource: 'questions' | 'mentor-threads' | 'outbox' | 'orders';
  label: string;
  /** The list's filter that shows exactly these rows. */
  filter: Record<string, unknown>;
  /** Where the rows are when they are not a list of the menu (the overview's own card). */
  href?: string;
}> = [
  { key: 'unansweredQuestions', resource: 'questions', label: 'Ubesvarte spørsmål', filter: { status: 'unanswered' } },
  { key: 'waitingThreads', resource: 'mentor-threads', label: 'Innboks: venter på svar', filter: { status: 'waiting' } },
  { key: 'failedMails', resource: 'outbox', label: 'E-poster som feilet', filter: { status: 'failed' } },
  {
    key: 'refusalsAwaitingRefund',
    resource: 'orders',
    label: 'Avviste betalinger som venter på refusjon',
    filter: { refusal: 'awaiting_refund' },
  },
  {
    key: 'paymentsToReview',
    resource: 'orders',
    label: 'Fornyelser som ikke stemte (til vurdering)',
    filter: {},
    href: '#betalinger-til-vurdering',
  },
];

/** The list behind a count, as a link into the full panel. */
export function workQueueHref(item: (typeof WORK_QUEUE_ITEMS)[number]): string {
  if (item.href) return item.href;
  const q = Object.keys(item.filter).length ? `?filter=${encodeURIComponent(JSON.stringify(item.filter))}` : '';
  return `/admin/${item.resource}${q}`;
}

/** GET /api/admin/work-queue, read when the page opens and every minute after (null until read). */
export function useWorkQueue(): AdminWorkQueue | null {
  const [queue, setQueue] = useState<AdminWorkQueue | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      httpClient('/api/admin/work-queue')
        .then(({ json }) => live && setQueue(json as AdminWorkQueue))
        .catch(() => undefined);
    void read();
    const timer = setInterval(() => void read(), 60_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return queue;
}

/** The count beside a menu item, or nothing when none waits. */
export function workQueueCount(queue: AdminWorkQueue | null, resource: string): number {
  const item = WORK_QUEUE_ITEMS.find((i) => i.resource === resource && !i.href);
  return item && queue ? queue[item.key] : 0;
}
