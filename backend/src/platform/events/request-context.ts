import { AsyncLocalStorage } from 'node:async_hooks';

const store = new AsyncLocalStorage<{ reqId: string }>();

/** The request whose handling is running here, for the log lines of event handlers. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.reqId;
}

/** Marks the rest of this asynchronous flow as the handling of request `reqId`. */
export function enterRequest(reqId: string): void {
  store.enterWith({ reqId });
}
