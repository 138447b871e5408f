import VideoCameraFrontIcon from '@mui/icons-material/VideoCameraFront';
import type { AdminLiveSession } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

/** Live sessions: plan one or a series, edit, add the recording and notes afterwards, cancel. */
export default {
  list: view(() => import('./LiveSessionList'), 'LiveSessionList'),
  create: view(() => import('./LiveSessionCreate'), 'LiveSessionCreate'),
  edit: view(() => import('./LiveSessionEdit'), 'LiveSessionEdit'),
  icon: VideoCameraFrontIcon,
  recordRepresentation: (r: AdminLiveSession) => r.title,
};
