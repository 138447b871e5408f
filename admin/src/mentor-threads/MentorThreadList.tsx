import { MENTOR_STATUS_LABELS, type AdminMentorThread } from '@academy/contracts';
import { DataTable } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { choiceFilter, searchFilter } from '../lib/filters';
import { formatDateTime } from '../lib/format';
import { phoneLine, ResourceList } from '../lib/ResourceList';

const statusChoices = Object.entries(MENTOR_STATUS_LABELS).map(([id, name]) => ({ id, name }));
const filters = [searchFilter('Tittel, e-post eller navn'), choiceFilter('status', statusChoices, { alwaysOn: true })];

/** The mentor's inbox: waiting threads first, the newest first within each state. */
export function MentorThreadList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'queue', order: 'DESC' }}
      phone={{
        primary: (t: AdminMentorThread) => t.title,
        secondary: (t) => phoneLine(MENTOR_STATUS_LABELS[t.status], `${t.messageCount} meldinger`),
        tertiary: (t) => phoneLine(t.studentEmail ?? t.studentName, formatDateTime(t.lastMessageAt)),
      }}
    >
      <DataTable.Col source="status" disableSort render={(t: AdminMentorThread) => MENTOR_STATUS_LABELS[t.status]} />
      <DataTable.Col source="lastMessageAt" field={DateTimeField} />
      <DataTable.Col source="title" />
      <DataTable.Col source="studentEmail" disableSort />
      <DataTable.Col source="messageCount" disableSort />
    </ResourceList>
  );
}
