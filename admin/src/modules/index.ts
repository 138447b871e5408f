import ViewListIcon from '@mui/icons-material/ViewList';
import type { AdminModule } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

export default {
  list: lazyView(() => import('./ModuleList'), 'ModuleList'),
  edit: lazyView(() => import('./ModuleEdit'), 'ModuleEdit'),
  create: lazyView(() => import('./ModuleCreate'), 'ModuleCreate'),
  icon: ViewListIcon,
  recordRepresentation: (r: AdminModule) => r.title,
};
