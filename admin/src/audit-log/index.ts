import HistoryIcon from '@mui/icons-material/History';
import { lazyView } from '../lib/lazyView';

/** Read-only: who changed what, when, before and after. */
export default {
  list: lazyView(() => import('./AuditLogList'), 'AuditLogList'),
  show: lazyView(() => import('./AuditLogShow'), 'AuditLogShow'),
  icon: HistoryIcon,
};
