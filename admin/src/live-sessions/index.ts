import VideoCameraFrontIcon from '@mui/icons-material/VideoCameraFront';
import type { AdminLiveSession } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

/** Live sessions: plan one or a series, edit, add the recording and notes afterwards, cancel. */
export default {
  list: lazyView(() => import('./LiveSessionList'), 'LiveSessionList'),
  create: lazyView(() => import('./LiveSessionCreate'), 'LiveSessionCreate'),
  edit: lazyView(() => import('./LiveSessionEdit'), 'LiveSessionEdit'),
  icon: VideoCameraFrontIcon,
  recordRepresentation: (r: AdminLiveSession) => r.title,
};
