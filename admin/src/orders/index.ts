import ReceiptIcon from '@mui/icons-material/Receipt';
import type { AdminOrder } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

export default {
  list: lazyView(() => import('./OrderList'), 'OrderList'),
  show: lazyView(() => import('./OrderShow'), 'OrderShow'),
  icon: ReceiptIcon,
  recordRepresentation: (r: AdminOrder) => `nr. ${r.id}`,
};
