import PeopleIcon from '@mui/icons-material/People';
import type { AdminUser } from '@academy/contracts';
import { UserCreate } from './UserCreate';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

export default {
  list: UserList,
  show: UserShow,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: (r: AdminUser) => r.email,
};
