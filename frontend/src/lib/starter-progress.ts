/**
 * Starter progress of a visitor who is not signed in, kept in this browser (localStorage) in the
 * shape the server keeps it. It is the service the visitor asked for (the free course remembers
 * where they are: docs/decisions.md "Progress"), so it falls under the "strictly necessary" exception of
 * ekomloven § 3-15 and needs no cookie consent, also after "Avvis alle". It is written only when the
 * visitor moves on or marks a module done (never on a mere page view), holds nothing but module ids
 * and the position, and nothing else is stored with it. At the first sign-in it is merged into the
 * server's record and removed from here (see `lib/session.ts`).
 */

export const STARTER_PROGRESS_KEY = 'ta.starter-progress.v1';

export interface BrowserProgress {
  /** Ids of completed modules. */
  completedModules: number[];
  /** Index into the course's modules. */
  currentModule: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage blocked (privacy settings): progress then lives in memory only.
  }
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** The stored progress, or null when there is none (or it is not in the expected shape). */
export function readBrowserProgress(): BrowserProgress | null {
  const raw = storage()?.getItem(STARTER_PROGRESS_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<BrowserProgress> | null;
    if (!v || !Array.isArray(v.completedModules) || !v.completedModules.every(isId)) return null;
    const current = v.currentModule;
    const currentModule = typeof current === 'number' && Number.isSafeInteger(current) && current >= 0 ? current : 0;
    return { completedModules: [...new Set(v.completedModules)].slice(0, 100), currentModule };
  } catch {
    return null;
  }
}

export function writeBrowserProgress(p: BrowserProgress): void {
  try {
    storage()?.setItem(
      STARTER_PROGRESS_KEY,
      JSON.stringify({ completedModules: [...new Set(p.completedModules)], currentModule: p.currentModule }),
    );
  } catch (e) {
    console.error('Kunne ikke lagre fremdriften i nettleseren', e);
  }
}

export function clearBrowserProgress(): void {
  try {
    storage()?.removeItem(STARTER_PROGRESS_KEY);
  } catch {
    /* nothing stored */
  }
}

/** True when there is something worth merging (a completed module or a position past the first). */
export function hasBrowserProgress(): boolean {
  const p = readBrowserProgress();
  return !!p && (p.completedModules.length > 0 || p.currentModule > 0);
}
