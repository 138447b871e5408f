import PeopleIcon from '@mui/icons-material/People';
import type { AdminUser } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

export default {
  list: view(() => import('./UserList'), 'UserList'),
  show: view(() => import('./UserShow'), 'UserShow'),
  create: view(() => import('./UserCreate'), 'UserCreate'),
  icon: PeopleIcon,
  recordRepresentation: (r: AdminUser) => r.email,
};
