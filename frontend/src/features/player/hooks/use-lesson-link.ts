import type { CourseContentResponse } from '@academy/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { VideoSeek } from '../components/VideoArea';

export type ModuleSeek = VideoSeek & { moduleId: number };

/**
 * `?modul=<id>&t=<second>` (a search hit, a shared transcript link): opens that module and offers to
 * play it from that second. `seekTo` is a transcript link clicked on the page: play from there now.
 */
export function useLessonLink(course: CourseContentResponse | undefined, goTo: (index: number) => void) {
  const [params] = useSearchParams();
  const modul = params.get('modul');
  const t = params.get('t');
  const [seek, setSeek] = useState<ModuleSeek | null>(null);
  /** Counts the lessons opened by the address: the page then brings the lesson's heading into view and focuses it. */
  const [opened, setOpened] = useState(0);
  const n = useRef(0);
  /** The address last applied: a refetched course does not send the student back to it. */
  const applied = useRef<string | null>(null);
  const modules = course?.modules;

  useEffect(() => {
    if (!modules || !modul || applied.current === `${modul}:${t}`) return;
    applied.current = `${modul}:${t}`;
    const index = modules.findIndex((m) => String(m.id) === modul);
    if (index < 0) return;
    goTo(index);
    setOpened((k) => k + 1);
    const seconds = Number(t);
    setSeek(
      Number.isInteger(seconds) && seconds > 0 ? { moduleId: modules[index].id, seconds, play: false, n: ++n.current } : null,
    );
    // goTo changes with the course's length only; the address is what counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modules, modul, t]);

  const seekTo = useCallback((moduleId: number, seconds: number) => {
    setSeek({ moduleId, seconds, play: true, n: ++n.current });
  }, []);
  return { seek, seekTo, opened };
}
