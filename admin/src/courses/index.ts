import SchoolIcon from '@mui/icons-material/School';
import type { AdminCourse } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

export default {
  list: lazyView(() => import('./CourseList'), 'CourseList'),
  edit: lazyView(() => import('./CourseEdit'), 'CourseEdit'),
  icon: SchoolIcon,
  recordRepresentation: (r: AdminCourse) => r.title,
};
