import LeadIcon from '@mui/icons-material/ContactMail';
import type { AdminLead } from '@academy/contracts';
import { LeadEdit } from './LeadEdit';
import { LeadList } from './LeadList';
import { LeadShow } from './LeadShow';

export default {
  list: LeadList,
  show: LeadShow,
  edit: LeadEdit,
  icon: LeadIcon,
  recordRepresentation: (r: AdminLead) => r.email,
};
