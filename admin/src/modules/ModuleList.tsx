import { VIDEO_MSG, type AdminModule } from '@academy/contracts';
import { DataTable } from 'react-admin';
import { CourseField } from '../lib/fields';
import { choiceFilter, searchFilter, yesNoFilters } from '../lib/filters';
import { COURSE_LABELS, courseChoices, label } from '../lib/labels';
import { phoneLine, ResourceList } from '../lib/ResourceList';

const filters = [
  searchFilter('Søk i tittel og beskrivelse'),
  choiceFilter('courseId', courseChoices, { alwaysOn: true }),
  ...yesNoFilters('published', 'hasVideo'),
];

export function ModuleList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: 'courseId', order: 'ASC' }}
      perPage={50}
      rowClick="edit"
      createLabel="Ny modul"
      phone={{
        primary: (m: AdminModule) => m.title,
        secondary: (m) =>
          phoneLine(label(COURSE_LABELS, m.courseId), `nr. ${m.position}`, m.published ? 'publisert' : 'ikke publisert'),
      }}
    >
      <DataTable.Col source="courseId" field={CourseField} />
      <DataTable.NumberCol source="position" />
      <DataTable.Col source="title" />
      <DataTable.NumberCol source="durationMinutes" />
      <DataTable.Col
        source="videoId"
        disableSort
        render={(m: AdminModule) =>
          m.videoProvider === 'mux'
            ? `Mux · ${m.videoStatus === 'ready' ? 'klar' : m.videoStatus === 'errored' ? 'feilet' : m.videoStatus ? VIDEO_MSG.processing : '–'}`
            : m.videoStatus === 'waiting' || m.videoStatus === 'processing'
              ? `${m.videoId ?? '–'} (Mux: ${VIDEO_MSG.processing})`
              : (m.videoId ?? '–')
        }
      />
      <DataTable.Col source="published" render={(m: AdminModule) => (m.published ? 'Ja' : 'Nei')} />
    </ResourceList>
  );
}
