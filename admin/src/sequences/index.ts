import TimelineIcon from '@mui/icons-material/Timeline';
import type { AdminSequence } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

/** 'E-post' → 'Sekvenser': automatic mails after an event, with per-step counts. */
export default {
  list: lazyView(() => import('./SequenceList'), 'SequenceList'),
  create: lazyView(() => import('./SequenceCreate'), 'SequenceCreate'),
  edit: lazyView(() => import('./SequenceEdit'), 'SequenceEdit'),
  icon: TimelineIcon,
  recordRepresentation: (r: AdminSequence) => r.name,
};
