import OutboxIcon from '@mui/icons-material/Outbox';
import type { AdminOutboxMessage } from '@academy/contracts';
import { OutboxList } from './OutboxList';
import { OutboxShow } from './OutboxShow';

/** `<Resource name="outbox" {...outbox} />`: 'Utgående e-post' (list, show, resend). */
export default {
  list: OutboxList,
  show: OutboxShow,
  icon: OutboxIcon,
  options: { label: 'Utgående e-post' },
  recordRepresentation: (r: AdminOutboxMessage) => `${r.subject} → ${r.toAddress}`,
};
