import HistoryIcon from '@mui/icons-material/History';
import { AuditLogList } from './AuditLogList';
import { AuditLogShow } from './AuditLogShow';

/** Read-only: who changed what, when, before and after. */
export default {
  list: AuditLogList,
  show: AuditLogShow,
  icon: HistoryIcon,
};
