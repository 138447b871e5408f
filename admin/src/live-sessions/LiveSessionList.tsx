import type { AdminLiveSession } from '@academy/contracts';
import { DataTable } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { choiceFilter, searchFilter } from '../lib/filters';
import { phoneLine, ResourceList } from '../lib/ResourceList';
import { LIVE_COURSE_CHOICES, courseNames } from './choices';
import { formatDateTime } from '../lib/format';

const filters = [
  searchFilter('Søk i tittel og beskrivelse'),
  choiceFilter('courseId', LIVE_COURSE_CHOICES, { alwaysOn: true }),
  choiceFilter('status', [
    { id: 'scheduled', name: 'Planlagt' },
    { id: 'cancelled', name: 'Avlyst' },
  ]),
];

export function LiveSessionList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'startsAt', order: 'DESC' }}
      rowClick="edit"
      createLabel="Planlegg live-økt"
      phone={{
        primary: (s: AdminLiveSession) => s.title,
        secondary: (s) => phoneLine(courseNames(s.courseIds), s.status === 'cancelled' ? 'Avlyst' : 'Planlagt'),
        tertiary: (s) => formatDateTime(s.startsAt),
      }}
    >
      <DataTable.Col source="startsAt" field={DateTimeField} />
      <DataTable.Col source="title" />
      <DataTable.Col source="courseIds" disableSort render={(s: AdminLiveSession) => courseNames(s.courseIds)} />
      <DataTable.NumberCol source="durationMinutes" />
      <DataTable.Col
        source="status"
        disableSort
        render={(s: AdminLiveSession) => (s.status === 'cancelled' ? 'Avlyst' : 'Planlagt')}
      />
      <DataTable.Col source="recordingVideoId" disableSort render={(s: AdminLiveSession) => (s.recordingVideoId ? 'Ja' : '–')} />
    </ResourceList>
  );
}
