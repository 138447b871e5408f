import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import type { AdminQuestion } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

/** 'Spørsmål': questions under the lessons, unanswered first; answer, hide, pin and delete. */
export default {
  list: view(() => import('./QuestionList'), 'QuestionList'),
  show: view(() => import('./QuestionShow'), 'QuestionShow'),
  icon: QuestionAnswerIcon,
  recordRepresentation: (r: AdminQuestion) => `Spørsmål ${r.id}`,
};
