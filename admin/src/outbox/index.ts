import OutboxIcon from '@mui/icons-material/Outbox';
import type { AdminOutboxMessage } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

/** 'Utgående e-post': what the site has mailed or will mail; read-only but for 'Send på nytt'. */
export default {
  list: view(() => import('./OutboxList'), 'OutboxList'),
  show: view(() => import('./OutboxShow'), 'OutboxShow'),
  icon: OutboxIcon,
  recordRepresentation: (r: AdminOutboxMessage) => `«${r.subject}» til ${r.toAddress}`,
};
