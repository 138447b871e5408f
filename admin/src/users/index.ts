import PeopleIcon from '@mui/icons-material/People';
import type { AdminUser } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

export default {
  list: lazyView(() => import('./UserList'), 'UserList'),
  show: lazyView(() => import('./UserShow'), 'UserShow'),
  create: lazyView(() => import('./UserCreate'), 'UserCreate'),
  icon: PeopleIcon,
  recordRepresentation: (r: AdminUser) => r.email,
};
