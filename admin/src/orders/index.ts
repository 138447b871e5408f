import ReceiptIcon from '@mui/icons-material/Receipt';
import type { AdminOrder } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

export default {
  list: view(() => import('./OrderList'), 'OrderList'),
  show: view(() => import('./OrderShow'), 'OrderShow'),
  icon: ReceiptIcon,
  recordRepresentation: (r: AdminOrder) => `nr. ${r.id}`,
};
