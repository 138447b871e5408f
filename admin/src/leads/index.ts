import LeadIcon from '@mui/icons-material/ContactMail';
import type { AdminLead } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

export default {
  list: lazyView(() => import('./LeadList'), 'LeadList'),
  show: lazyView(() => import('./LeadShow'), 'LeadShow'),
  edit: lazyView(() => import('./LeadEdit'), 'LeadEdit'),
  icon: LeadIcon,
  recordRepresentation: (r: AdminLead) => r.email,
};
