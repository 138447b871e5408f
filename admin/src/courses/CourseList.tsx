import type { AdminCourse } from '@academy/contracts';
import { DataTable, List, SimpleList } from 'react-admin';
import { formatDateTime } from '../lib/format';
import { phoneLine, usePhone } from '../lib/ResourceList';

export function CourseList() {
  const isPhone = usePhone();
  return (
    <List sort={{ field: 'sortOrder', order: 'ASC' }} pagination={false} exporter={false} actions={false}>
      {isPhone ? (
        <SimpleList<AdminCourse>
          primaryText={(r) => r.title}
          secondaryText={(r) => phoneLine(r.id, `${r.publishedModuleCount} av ${r.moduleCount} moduler publisert`)}
          rowClick="edit"
          data-testid="phone-list"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col source="title" />
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
          <DataTable.Col source="updatedAt" render={(r: AdminCourse) => formatDateTime(r.updatedAt)} />
        </DataTable>
      )}
    </List>
  );
}
