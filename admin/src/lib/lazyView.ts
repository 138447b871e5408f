import { type ComponentType, lazy } from 'react';

/**
 * A view loaded on first use (its own chunk), so the panel's first load carries only the shell:
 * `list: lazyView(() => import('./LeadList'), 'LeadList')`. react-admin's layout shows its
 * loading indicator while the chunk arrives.
 */
export function lazyView<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  return lazy(async (): Promise<{ default: ComponentType<P> }> => ({ default: (await load())[name] }));
}
