import OutboxIcon from '@mui/icons-material/Outbox';
import type { AdminOutboxMessage } from '@academy/contracts';
import { OutboxList } from './OutboxList';
import { OutboxShow } from './OutboxShow';

/** 'Utgående e-post': what the site has mailed or will mail; read-only but for 'Send på nytt'. */
export default {
  list: OutboxList,
  show: OutboxShow,
  icon: OutboxIcon,
  recordRepresentation: (r: AdminOutboxMessage) => `«${r.subject}» til ${r.toAddress}`,
};
