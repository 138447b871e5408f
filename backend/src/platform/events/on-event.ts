import type { EventName } from './event-map';

export const ON_EVENT = Symbol('ON_EVENT');

/**
 * When a handler runs:
 * - `after-commit` (the default): after the change is committed; a failure is logged and never stops
 *   the other handlers nor the caller.
 * - `in-transaction`: inside the transaction that made the change, with its EntityManager; what must
 *   not be lost (the outbox rows of the receipt, the welcome) is written here. A failure rolls the
 *   change back with it, so the change and its consequences are never apart.
 */
export type EventPhase = 'after-commit' | 'in-transaction';

export interface OnEventMeta {
  event: EventName;
  phase: EventPhase;
}

/** Declares a method of a provider as a handler of `event` (found at start-up by the EventBus). */
export function OnEvent(event: EventName, opts: { phase?: EventPhase } = {}): MethodDecorator {
  return (_target, _key, descriptor) => {
    const fn = descriptor.value as object;
    const list: OnEventMeta[] = Reflect.getMetadata(ON_EVENT, fn) ?? [];
    Reflect.defineMetadata(ON_EVENT, [...list, { event, phase: opts.phase ?? 'after-commit' }], fn);
  };
}
