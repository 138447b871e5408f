import { LIVE_SESSION_COURSE_IDS } from '@academy/contracts';
import { COURSE_LABELS } from '../lib/labels';

/** The courses a live session can be for. */
export const LIVE_COURSE_CHOICES = LIVE_SESSION_COURSE_IDS.map((id) => ({ id, name: COURSE_LABELS[id] ?? id }));

export const courseNames = (ids: readonly string[]) => ids.map((id) => COURSE_LABELS[id] ?? id).join(', ');

export const FREQUENCY_CHOICES = [
  { id: '', name: 'Ingen (én økt)' },
  { id: 'weekly', name: 'Hver uke' },
  { id: 'monthly-first-weekday', name: 'Første samme ukedag hver måned' },
];
