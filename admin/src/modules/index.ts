import ViewListIcon from '@mui/icons-material/ViewList';
import type { AdminModule } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

export default {
  list: view(() => import('./ModuleList'), 'ModuleList'),
  edit: view(() => import('./ModuleEdit'), 'ModuleEdit'),
  create: view(() => import('./ModuleCreate'), 'ModuleCreate'),
  icon: ViewListIcon,
  recordRepresentation: (r: AdminModule) => r.title,
};
