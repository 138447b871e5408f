import {
  type ComponentType,
  createElement,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { Loading } from 'react-admin';
import { type Navigator, UNSAFE_NavigationContext, useLocation } from 'react-router-dom';

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
 *
 * The view's own navigations are dropped once another address has been opened (`OwnNavigation`).
 */
export function lazyView<K extends string, P extends object = object>(load: Load<K, P>, name: K): ComponentType<P> {
  const Lazy = lazy(async (): Promise<{ default: ComponentType<P> }> => ({ default: (await load())[name] }));
  function View(props: P) {
    return createElement(
      OwnNavigation,
      null,
      createElement(Suspense, { fallback: createElement(Loading) }, createElement(Lazy, props)),
    );
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

/**
 * Navigations a view asks for after the mentor has left it are dropped. react-admin writes a list's
 * typed search into the address a moment after the last key, in a timer of its own: when the
 * mentor opened a row in between, that write led from the row's page back to the list (the
 * address it builds is the list's). Whatever a view asks once another address is showing, or once
 * it is gone, is stale; while it is the page on screen, its navigations go through unchanged.
 */
function OwnNavigation({ children }: { children: ReactNode }) {
  const outer = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  const view = useRef({ live: true, pathname });
  view.current.pathname = pathname;
  useLayoutEffect(() => {
    const state = view.current;
    state.live = true;
    return () => {
      state.live = false;
    };
  }, []);
  const value = useMemo(() => {
    const nav = outer.navigator;
    const current = () => view.current.live && window.location.pathname === view.current.pathname;
    const navigator: Navigator = {
      createHref: (to) => nav.createHref(to),
      ...(nav.encodeLocation
        ? { encodeLocation: (to: Parameters<NonNullable<Navigator['encodeLocation']>>[0]) => nav.encodeLocation!(to) }
        : {}),
      go: (delta) => {
        if (current()) nav.go(delta);
      },
      push: (to, state, opts) => {
        if (current()) nav.push(to, state, opts);
      },
      replace: (to, state, opts) => {
        if (current()) nav.replace(to, state, opts);
      },
    };
    return { ...outer, navigator };
  }, [outer]);
  return createElement(UNSAFE_NavigationContext.Provider, { value }, children);
}
