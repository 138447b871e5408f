import ViewListIcon from '@mui/icons-material/ViewList';
import type { AdminModule } from '@academy/contracts';
import { ModuleCreate } from './ModuleCreate';
import { ModuleEdit } from './ModuleEdit';
import { ModuleList } from './ModuleList';

export default {
  list: ModuleList,
  edit: ModuleEdit,
  create: ModuleCreate,
  icon: ViewListIcon,
  recordRepresentation: (r: AdminModule) => r.title,
};
