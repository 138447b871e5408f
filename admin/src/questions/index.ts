import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import type { AdminQuestion } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

/** 'Spørsmål': questions under the lessons, unanswered first; answer, hide, pin and delete. */
export default {
  list: lazyView(() => import('./QuestionList'), 'QuestionList'),
  show: lazyView(() => import('./QuestionShow'), 'QuestionShow'),
  icon: QuestionAnswerIcon,
  recordRepresentation: (r: AdminQuestion) => `Spørsmål ${r.id}`,
};
