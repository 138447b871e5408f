import type { CourseModuleView, ModuleVideo } from '@academy/contracts';
import type { StoredModule } from '../catalog/courses.service';
import type { StoredVideo } from '../catalog/video/module-video';

const DAY_MS = 86_400_000;

/** What a student's drip release counts from: the grant's time, and whether the admin opened everything early. */
export interface DripBasis {
  grantedAt: Date;
  releasedEarly: boolean;
}

/** When a module opens for a student: `releaseAfterDays` after the grant; null when it is open from the start. */
export function releaseAtOf(module: Pick<StoredModule, 'releaseAfterDays'>, basis: DripBasis | null): Date | null {
  if (!basis || module.releaseAfterDays <= 0) return null;
  return new Date(basis.grantedAt.getTime() + module.releaseAfterDays * DAY_MS);
}

/** Whether the module is still closed for the student at `now`. Without a basis (admins, Starter) nothing is. */
export function isLocked(module: Pick<StoredModule, 'releaseAfterDays'>, basis: DripBasis | null, now: Date): boolean {
  if (!basis || basis.releasedEarly) return false;
  const at = releaseAtOf(module, basis);
  return at !== null && now.getTime() < at.getTime();
}

/**
 * The module as the player may see it. A locked module keeps its place, title and length, but its
 * description, topics and video stay on the server; an open one gets its video through `play`
 * (which signs Mux playback), called only for modules the viewer may watch now.
 */
export function playerModule(
  module: StoredModule,
  basis: DripBasis | null,
  now: Date,
  play: (video: StoredVideo) => ModuleVideo | null,
): CourseModuleView {
  const { releaseAfterDays: _days, video: stored, ...view } = module;
  const at = releaseAtOf(module, basis);
  const releaseAt = at ? at.toISOString() : null;
  if (!isLocked(module, basis, now)) {
    const video = stored ? play(stored) : null;
    const videoId = video?.provider === 'youtube' ? video.videoId : null;
    return { ...view, topics: [...view.topics], videoId, hasVideo: video !== null, video, locked: false, releaseAt };
  }
  return {
    ...view,
    description: '',
    topics: [],
    videoId: null,
    hasVideo: false,
    video: null,
    captionsUrl: null,
    hasTranscript: false,
    locked: true,
    releaseAt,
  };
}

const dateFmt = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });

/** A release date as the pages say it: `12. mars 2027` (Oslo). */
export function norwegianDate(d: Date): string {
  return dateFmt.format(d);
}
