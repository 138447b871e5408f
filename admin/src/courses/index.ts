import SchoolIcon from '@mui/icons-material/School';
import type { AdminCourse } from '@academy/contracts';
import { CourseEdit } from './CourseEdit';
import { CourseList } from './CourseList';

export default {
  list: CourseList,
  edit: CourseEdit,
  icon: SchoolIcon,
  recordRepresentation: (r: AdminCourse) => r.title,
};
