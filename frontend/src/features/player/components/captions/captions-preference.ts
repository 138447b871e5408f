import { useCallback, useEffect, useState } from 'react';
import { useCookieSettings } from '../../../../lib/cookie-settings';

/** Where the student's captions choice is kept, with functional consent only. */
export const CAPTIONS_STORAGE_KEY = 'player-captions';

/**
 * Whether the device asks for captions. No browser exposes the system's captions setting as a
 * standard media feature yet; where one answers to `(prefers-captions: on)` it is followed, and a
 * browser that does not know the feature ("not all") counts as not asking.
 */
export function systemAsksForCaptions(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  const mq = window.matchMedia('(prefers-captions: on)');
  return mq.media !== 'not all' && mq.matches;
}

function readStored(): boolean | null {
  try {
    const v = window.localStorage.getItem(CAPTIONS_STORAGE_KEY);
    return v === 'on' ? true : v === 'off' ? false : null;
  } catch {
    return null;
  }
}

/**
 * The captions on or off (docs/decisions.md "Accessibility"): the student's own choice, remembered on
 * the device only with functional consent; without a remembered choice, on when the system asks for
 * captions, else off. Withdrawn consent removes the remembered choice.
 */
export function useCaptionsPreference(): [boolean, (on: boolean) => void] {
  const { consent } = useCookieSettings();
  const functional = consent?.functional === true;
  const [on, setOnState] = useState<boolean>(() => (functional ? readStored() : null) ?? systemAsksForCaptions());

  useEffect(() => {
    if (functional) return;
    try {
      window.localStorage.removeItem(CAPTIONS_STORAGE_KEY);
    } catch {
      // Storage unavailable: nothing was kept.
    }
  }, [functional]);

  const setOn = useCallback(
    (next: boolean) => {
      setOnState(next);
      if (!functional) return;
      try {
        window.localStorage.setItem(CAPTIONS_STORAGE_KEY, next ? 'on' : 'off');
      } catch {
        // Storage full or blocked: the choice lasts this visit.
      }
    },
    [functional],
  );
  return [on, setOn];
}
