import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';

const noopSubscribe = () => () => {};

/** False during server rendering and hydration, true after mount: render query- or host-dependent UI behind it. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** True once the page is scrolled more than `threshold` px (false on the server and at hydration). */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setPast(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}

/** `prefers-reduced-motion: reduce` */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    typeof window === 'undefined'
      ? noopSubscribe
      : (cb) => {
          const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
          mq.addEventListener('change', cb);
          return () => mq.removeEventListener('change', cb);
        },
    () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    () => false,
  );
}

export function scrollBehavior(): ScrollBehavior {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Scrolls an element into view (respecting reduced motion) and optionally moves focus to it. */
export function scrollToId(id: string, focus = false): void {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  if (focus) {
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  }
}

/** Whether the page is opened as `localhost` (SPEC: the test panel shows on localhost). An IP address is not. */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/**
 * A query parameter, but only after mount: the server renders the default (the prerendered HTML is the
 * same for every query), so reading it during hydration would make the markup differ.
 */
export function useQueryParamAfterMount(name: string): string | null {
  const mounted = useMounted();
  const [params] = useSearchParams();
  return mounted ? params.get(name) : null;
}
