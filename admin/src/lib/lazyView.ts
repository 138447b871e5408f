import { type ComponentType, createElement, lazy, Suspense, useEffect } from 'react';
import { Loading } from 'react-admin';

type Load<K extends string, P> = () => Promise<Record<K, ComponentType<P>>>;

/**
 * A view loaded on first use (its own chunk), so the panel's first load carries only the shell:
 * `const SettingsPage = lazyView(() => import('./SettingsPage'), 'SettingsPage')`.
 *
 * While the chunk arrives the view shows react-admin's loading indicator in its own place, so the
 * screen it was opened from is gone at once. With only the layout's indicator, React kept that
 * screen up and running until the chunk came: a lead opened within half a second of typing in the
 * leads' search went back to the list, when the list set the typed filter on its own address
 * (react-admin sets it 500 ms after the last key).
 */
export function lazyView<K extends string, P extends object = object>(load: Load<K, P>, name: K): ComponentType<P> {
  const Lazy = lazy(async (): Promise<{ default: ComponentType<P> }> => ({ default: (await load())[name] }));
  function View(props: P) {
    return createElement(Suspense, { fallback: createElement(Loading) }, createElement(Lazy, props));
  }
  View.displayName = name;
  return View;
}

/**
 * The views of one resource, each its own chunk (`const view = resourceViews();` then
 * `list: view(() => import('./LeadList'), 'LeadList')`); once one of them is on screen, the others'
 * chunks are fetched in the background, so a row opened from the list finds its page ready.
 */
export function resourceViews() {
  const loads: Array<() => Promise<unknown>> = [];
  let fetched = false;
  const fetchAll = () => {
    if (fetched) return;
    fetched = true;
    // A chunk that fails here is fetched again (and its failure shown) when its view is opened.
    for (const load of loads) load().catch(() => undefined);
  };
  return function view<K extends string, P extends object = object>(load: Load<K, P>, name: K): ComponentType<P> {
    loads.push(load);
    const Lazy = lazyView(load, name);
    function Preloading(props: P) {
      useEffect(fetchAll, []);
      return createElement(Lazy, props);
    }
    Preloading.displayName = `${name}Preloading`;
    return Preloading;
  };
}
