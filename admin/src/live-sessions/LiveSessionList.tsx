import type { AdminLiveSession } from '@academy/contracts';
import { CreateButton, DataTable, FilterButton, List, NullableBooleanInput, SimpleList, TopToolbar } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { choiceFilter, searchFilter } from '../lib/filters';
import { phoneLine, usePhone } from '../lib/ResourceList';
import { LIVE_COURSE_CHOICES, courseNames } from './choices';
import { formatDateTime } from '../lib/format';
import { RecordLink } from '../lib/RecordLink';

const filters = [
  searchFilter('Søk i tittel og beskrivelse'),
  choiceFilter('courseId', LIVE_COURSE_CHOICES, { alwaysOn: true }),
  choiceFilter('status', [
    { id: 'scheduled', name: 'Planlagt' },
    { id: 'cancelled', name: 'Avlyst' },
  ]),
  <NullableBooleanInput key="upcoming" source="upcoming" label="panel.liveSessions.kommende" alwaysOn />,
];

/**
 * The live sessions: by default those still to come (and one under way), the nearest first; «Kommende:
 * Nei» shows the past ones. Its own list (not ResourceList) for that default filter.
 */
/** Nothing under the filters (by default: nothing planned ahead). */
const none = (
  <p style={{ padding: 16, margin: 0 }} data-testid="live-sessions-empty">
    Ingen live-økter å vise. Planlegg den neste med «Planlegg live-økt».
  </p>
);

export function LiveSessionList() {
  const isPhone = usePhone();
  return (
    <List
      filters={filters}
      filterDefaultValues={{ upcoming: true }}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton label="panel.liveSessions.planleggLiveOkt" />
        </TopToolbar>
      }
      sort={{ field: 'startsAt', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      {isPhone ? (
        <SimpleList<AdminLiveSession>
          primaryText={(s) => s.title}
          secondaryText={(s) => phoneLine(courseNames(s.courseIds), s.status === 'cancelled' ? 'Avlyst' : 'Planlagt')}
          tertiaryText={(s) => formatDateTime(s.startsAt)}
          rowClick="edit"
          data-testid="phone-list"
          empty={none}
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false} empty={none}>
          <DataTable.Col source="startsAt" field={DateTimeField} />
          <DataTable.Col
            source="title"
            render={(s: AdminLiveSession) => <RecordLink resource="live-sessions" id={s.id} type="edit" text={s.title} />}
          />
          <DataTable.Col source="courseIds" disableSort render={(s: AdminLiveSession) => courseNames(s.courseIds)} />
          <DataTable.NumberCol source="durationMinutes" />
          <DataTable.Col
            source="status"
            disableSort
            render={(s: AdminLiveSession) => (s.status === 'cancelled' ? 'Avlyst' : 'Planlagt')}
          />
          <DataTable.Col
            source="recordingVideoId"
            disableSort
            render={(s: AdminLiveSession) => (s.recordingVideoId ? 'Ja' : '–')}
          />
        </DataTable>
      )}
    </List>
  );
}
