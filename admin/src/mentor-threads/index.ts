import InboxIcon from '@mui/icons-material/Inbox';
import type { AdminMentorThread } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

/** 'Innboks': the students' threads with chart images, waiting first; answer with text and an image, close. */
export default {
  list: view(() => import('./MentorThreadList'), 'MentorThreadList'),
  show: view(() => import('./MentorThreadShow'), 'MentorThreadShow'),
  icon: InboxIcon,
  recordRepresentation: (r: AdminMentorThread) => r.title,
};
