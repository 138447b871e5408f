import CampaignIcon from '@mui/icons-material/Campaign';
import type { AdminBroadcast } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

/** 'E-post' → 'Utsendelser': write, preview, test and send (or schedule) a broadcast to a segment. */
export default {
  list: lazyView(() => import('./BroadcastList'), 'BroadcastList'),
  create: lazyView(() => import('./BroadcastCreate'), 'BroadcastCreate'),
  edit: lazyView(() => import('./BroadcastEdit'), 'BroadcastEdit'),
  show: lazyView(() => import('./BroadcastShow'), 'BroadcastShow'),
  icon: CampaignIcon,
  recordRepresentation: (r: AdminBroadcast) => r.subject,
};
