import type { CourseContentResponse, MeResponse, PlayerCourseId, ProgressResponse } from '@academy/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readBrowserProgress, writeBrowserProgress } from '../../../lib/starter-progress';
import { completeModule, saveCurrentModule, useSavedProgress } from '../api/progress';

/** How much of the course is done, in whole percent. */
export function percentOf(completed: ReadonlySet<number>, course: CourseContentResponse): number {
  const n = course.modules.length;
  if (n === 0) return 0;
  const done = course.modules.filter((m) => completed.has(m.id)).length;
  return Math.round((done / n) * 100);
}

/**
 * Progress as the player shows it. Signed in: seeded from the server once, every change saved
 * (failures are logged and never block). Signed out (Starter): kept in this browser until the first
 * sign-in merges it into the account.
 */
export function usePlayerProgress(courseId: PlayerCourseId, course: CourseContentResponse | undefined, me: MeResponse | null) {
  const inBrowser = !me && courseId === 'starter';
  const [completed, setCompleted] = useState<Set<number>>(
    () => new Set(inBrowser ? (readBrowserProgress()?.completedModules ?? []) : []),
  );
  const [index, setIndex] = useState(() => (inBrowser ? (readBrowserProgress()?.currentModule ?? 0) : 0));
  const saved = useSavedProgress(courseId, me?.id ?? null);
  const seeded = useRef<number | null>(null);
  const touched = useRef(false);
  const changed = useRef(false);

  useEffect(() => {
    if (saved.error) console.error('Kunne ikke laste fremdrift', saved.error);
  }, [saved.error]);

  // Seed from the server once per user (keeping anything done before it answered).
  const data: ProgressResponse | undefined = saved.data;
  useEffect(() => {
    if (!data || !me || seeded.current === me.id) return;
    seeded.current = me.id;
    setCompleted((prev) => new Set([...data.completedModules, ...prev]));
    if (!touched.current) setIndex(data.currentModule);
  }, [data, me]);

  // Signed out: every change is kept in the browser (only after the visitor did something).
  useEffect(() => {
    if (inBrowser && changed.current) writeBrowserProgress({ completedModules: [...completed], currentModule: index });
  }, [inBrowser, completed, index]);

  const count = course?.modules.length ?? 0;
  const current = count === 0 ? 0 : Math.min(Math.max(0, index), count - 1);

  const goTo = useCallback(
    (i: number) => {
      if (i < 0 || i >= count) return;
      touched.current = true;
      changed.current = true;
      setIndex(i);
      if (me) saveCurrentModule(courseId, i).catch((e) => console.error('Kunne ikke lagre fremdrift', e));
    },
    [count, courseId, me],
  );

  const complete = useCallback(
    (moduleId: number) => {
      changed.current = true;
      setCompleted((prev) => (prev.has(moduleId) ? prev : new Set(prev).add(moduleId)));
      if (me) completeModule(courseId, moduleId).catch((e) => console.error('Kunne ikke lagre fremdrift', e));
    },
    [courseId, me],
  );

  return { completed, current, goTo, complete };
}
