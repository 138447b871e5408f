import OutboxIcon from '@mui/icons-material/Outbox';
import type { AdminOutboxMessage } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

/** 'Utgående e-post': what the site has mailed or will mail; read-only but for 'Send på nytt'. */
export default {
  list: lazyView(() => import('./OutboxList'), 'OutboxList'),
  show: lazyView(() => import('./OutboxShow'), 'OutboxShow'),
  icon: OutboxIcon,
  recordRepresentation: (r: AdminOutboxMessage) => `«${r.subject}» til ${r.toAddress}`,
};
