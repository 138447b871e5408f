import type { AdminCourse } from '@academy/contracts';
import { DataTable, List, SimpleList } from 'react-admin';
import { formatDateTime } from '../lib/format';
import { RecordLink } from '../lib/RecordLink';
import { phoneLine, usePhone } from '../lib/ResourceList';
import { vatTreatmentText } from '../lib/vat';

/**
 * The courses. Each row's title is a link to the course (Tab reaches it, Enter opens it; the row's
 * click opens it too), and the MVA column shows each course's treatment, set on the course or in Regnskap.
 */
export function CourseList() {
  const isPhone = usePhone();
  return (
    <List sort={{ field: 'sortOrder', order: 'ASC' }} pagination={false} exporter={false} actions={false}>
      {isPhone ? (
        <SimpleList<AdminCourse>
          primaryText={(r) => r.title}
          secondaryText={(r) =>
            phoneLine(r.id, `${r.publishedModuleCount} av ${r.moduleCount} moduler publisert`, vatTreatmentText(r))
          }
          rowClick="edit"
          data-testid="phone-list"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col
            source="title"
            render={(r: AdminCourse) => <RecordLink resource="courses" id={r.id} type="edit" text={r.title} />}
          />
          <DataTable.Col source="id" />
          <DataTable.Col source="description" disableSort render={(r: AdminCourse) => r.description.slice(0, 80)} />
          <DataTable.NumberCol source="publishedModuleCount" disableSort />
          <DataTable.NumberCol source="moduleCount" disableSort />
          <DataTable.Col
            source="launchSeatsLeft"
            disableSort
            render={(r: AdminCourse) =>
              r.launchSeatsLeft === null ? '–' : r.launchSeatsLeft === 0 ? '0 (ordinær pris)' : String(r.launchSeatsLeft)
            }
          />
          <DataTable.Col source="vatTreatment" disableSort render={(r: AdminCourse) => vatTreatmentText(r)} />
          <DataTable.Col source="updatedAt" render={(r: AdminCourse) => formatDateTime(r.updatedAt)} />
        </DataTable>
      )}
    </List>
  );
}
