import ReceiptIcon from '@mui/icons-material/Receipt';
import type { AdminOrder } from '@academy/contracts';
import { OrderList } from './OrderList';
import { OrderShow } from './OrderShow';

export default {
  list: OrderList,
  show: OrderShow,
  icon: ReceiptIcon,
  recordRepresentation: (r: AdminOrder) => `nr. ${r.id}`,
};
