import TimelineIcon from '@mui/icons-material/Timeline';
import type { AdminSequence } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

/** 'E-post' → 'Sekvenser': automatic mails after an event, with per-step counts. */
export default {
  list: view(() => import('./SequenceList'), 'SequenceList'),
  create: view(() => import('./SequenceCreate'), 'SequenceCreate'),
  edit: view(() => import('./SequenceEdit'), 'SequenceEdit'),
  icon: TimelineIcon,
  recordRepresentation: (r: AdminSequence) => r.name,
};
