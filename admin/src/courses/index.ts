import SchoolIcon from '@mui/icons-material/School';
import type { AdminCourse } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

export default {
  list: view(() => import('./CourseList'), 'CourseList'),
  edit: view(() => import('./CourseEdit'), 'CourseEdit'),
  icon: SchoolIcon,
  recordRepresentation: (r: AdminCourse) => r.title,
};
