import { QUESTION_STATUS_LABELS, type AdminQuestion } from '@academy/contracts';
import { DataTable } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { choiceFilter, searchFilter, yesNoFilters } from '../lib/filters';
import { formatDateTime } from '../lib/format';
import { COURSE_LABELS, courseChoices, label } from '../lib/labels';
import { markdownToPlain } from '../lib/plainText';
import { phoneLine, ResourceList } from '../lib/ResourceList';

const statusChoices = Object.entries(QUESTION_STATUS_LABELS).map(([id, name]) => ({ id, name }));

const filters = [
  searchFilter('Spørsmål eller svar'),
  choiceFilter('status', statusChoices, { alwaysOn: true }),
  choiceFilter('courseId', courseChoices),
  ...yesNoFilters('hidden', 'pinned'),
];

/** The question's first words as the reader sees them (Markdown rendered to plain text, not `**EURUSD**`). */
const excerpt = (md: string) => {
  const s = markdownToPlain(md);
  return s.length > 90 ? `${s.slice(0, 90)}…` : s;
};
const statusOf = (q: AdminQuestion) => phoneLine(QUESTION_STATUS_LABELS[q.status], q.hidden && 'skjult', q.pinned && 'festet');

/** The mentor's queue: unanswered first, the longest waiting first. */
export function QuestionList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'status', order: 'ASC' }}
      phone={{
        primary: (q: AdminQuestion) => excerpt(q.body),
        secondary: (q) => phoneLine(label(COURSE_LABELS, q.courseId), q.moduleTitle, statusOf(q)),
        tertiary: (q) => phoneLine(q.askerName, formatDateTime(q.createdAt)),
      }}
    >
      <DataTable.Col source="status" render={statusOf} />
      <DataTable.Col source="createdAt" field={DateTimeField} />
      <DataTable.Col source="courseId" render={(q: AdminQuestion) => label(COURSE_LABELS, q.courseId)} />
      <DataTable.Col source="moduleTitle" disableSort />
      <DataTable.Col source="body" disableSort render={(q: AdminQuestion) => excerpt(q.body)} />
      <DataTable.Col source="askerName" disableSort />
    </ResourceList>
  );
}
