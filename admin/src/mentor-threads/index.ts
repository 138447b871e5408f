import InboxIcon from '@mui/icons-material/Inbox';
import type { AdminMentorThread } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

/** 'Innboks': the students' threads with chart images, waiting first; answer with text and an image, close. */
export default {
  list: lazyView(() => import('./MentorThreadList'), 'MentorThreadList'),
  show: lazyView(() => import('./MentorThreadShow'), 'MentorThreadShow'),
  icon: InboxIcon,
  recordRepresentation: (r: AdminMentorThread) => r.title,
};
