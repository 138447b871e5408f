import HistoryIcon from '@mui/icons-material/History';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

/** Read-only: who changed what, when, before and after. */
export default {
  list: view(() => import('./AuditLogList'), 'AuditLogList'),
  show: view(() => import('./AuditLogShow'), 'AuditLogShow'),
  icon: HistoryIcon,
};
