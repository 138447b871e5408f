import LeadIcon from '@mui/icons-material/ContactMail';
import type { AdminLead } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

export default {
  list: view(() => import('./LeadList'), 'LeadList'),
  show: view(() => import('./LeadShow'), 'LeadShow'),
  edit: view(() => import('./LeadEdit'), 'LeadEdit'),
  icon: LeadIcon,
  recordRepresentation: (r: AdminLead) => r.email,
};
