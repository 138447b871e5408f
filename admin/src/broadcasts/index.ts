import CampaignIcon from '@mui/icons-material/Campaign';
import type { AdminBroadcast } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

/** 'E-post' → 'Utsendelser': write, preview, test and send (or schedule) a broadcast to a segment. */
export default {
  list: view(() => import('./BroadcastList'), 'BroadcastList'),
  create: view(() => import('./BroadcastCreate'), 'BroadcastCreate'),
  edit: view(() => import('./BroadcastEdit'), 'BroadcastEdit'),
  show: view(() => import('./BroadcastShow'), 'BroadcastShow'),
  icon: CampaignIcon,
  recordRepresentation: (r: AdminBroadcast) => r.subject,
};
