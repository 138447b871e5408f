import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import type { EventMap, EventName } from './event-map';
import { ON_EVENT, type EventPhase, type OnEventMeta } from './on-event';
import { currentRequestId } from './request-context';

type Handler<K extends EventName> = (payload: EventMap[K], manager: EntityManager) => unknown;

interface Registered {
  name: string;
  phase: EventPhase;
  run: Handler<EventName>;
}

/**
 * The application's one event bus. Handlers are methods marked `@OnEvent('order.paid')` on any
 * provider; they are found once at start-up. Emitters never know who listens.
 */
@Injectable()
export class EventBus implements OnModuleInit {
  private readonly logger = new Logger('Events');
  private readonly handlers = new Map<EventName, Registered[]>();

  /** Without discovery (a unit spec of one module), handlers are added with {@link add}. */
  constructor(
    private readonly discovery?: DiscoveryService,
    private readonly scanner?: MetadataScanner,
  ) {}

  onModuleInit(): void {
    if (!this.discovery || !this.scanner) return;
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const fn = instance[method];
        if (typeof fn !== 'function') continue;
        const metas = Reflect.getMetadata(ON_EVENT, fn) as OnEventMeta[] | undefined;
        for (const meta of metas ?? []) {
          const name = `${instance.constructor.name}.${method}`;
          this.add(meta.event, name, meta.phase, (fn as Handler<EventName>).bind(instance));
        }
      }
    }
  }

  /** Adds a handler by hand (specs without the whole application); returns its removal. */
  add<K extends EventName>(event: K, name: string, phase: EventPhase, run: Handler<K>): () => void {
    const list = this.handlers.get(event) ?? [];
    const entry: Registered = { name, phase, run: run as Handler<EventName> };
    list.push(entry);
    this.handlers.set(event, list);
    return () => {
      const i = list.indexOf(entry);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** The handlers of an event, as `Class.method (phase)` (for the test of the events table in docs/architecture.md). */
  handlersOf(event: EventName): string[] {
    return (this.handlers.get(event) ?? []).map((h) => `${h.name} (${h.phase})`);
  }

  /**
   * Inside the transaction that made the change: runs the event's `in-transaction` handlers in
   * order with the transaction's manager. A failure is thrown and rolls the change back.
   */
  async emitInTransaction<K extends EventName>(event: K, payload: EventMap[K], manager: EntityManager): Promise<void> {
    for (const h of this.handlers.get(event) ?? []) {
      if (h.phase === 'in-transaction') await h.run(payload, manager);
    }
  }

  /**
   * After the change is committed: runs the event's `after-commit` handlers, all of them, each on its
   * own; resolves when all have settled and never rejects. A failure is logged with the event's name
   * and the request id.
   */
  async emit<K extends EventName>(event: K, payload: EventMap[K]): Promise<void> {
    const list = (this.handlers.get(event) ?? []).filter((h) => h.phase === 'after-commit');
    if (list.length === 0) return;
    const reqId = currentRequestId();
    await Promise.all(
      list.map(async (h) => {
        try {
          await h.run(payload, undefined as unknown as EntityManager);
        } catch (err) {
          this.logger.error({ err, event, handler: h.name, reqId }, `Handler for ${event} failed: ${h.name}`);
        }
      }),
    );
  }
}
