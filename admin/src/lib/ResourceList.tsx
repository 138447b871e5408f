import type { ReactElement, ReactNode } from 'react';
import { CreateButton, DataTable, FilterButton, List, TopToolbar, type SortPayload } from 'react-admin';

interface ResourceListProps {
  filters: ReactElement[];
  sort: SortPayload;
  perPage?: number;
  rowClick?: 'show' | 'edit';
  /** The create button's text; a list without one has nothing to create. */
  createLabel?: string;
  /** More buttons in the toolbar, after the filter and create buttons (e.g. the leads' CSV export). */
  actions?: ReactNode;
  /** The table's columns (`DataTable.Col`). */
  children: ReactNode;
}

/**
 * A resource's list page, the same for every resource: the filters (the rest behind 'Legg til
 * filter'), no client-side export, and a table whose rows open the record, without bulk actions.
 * A list that can create invites making the first record when it is empty; any other list keeps
 * its filters and shows an empty table.
 */
export function ResourceList({
  filters,
  sort,
  perPage = 25,
  rowClick = 'show',
  createLabel,
  actions,
  children,
}: ResourceListProps) {
  return (
    <List
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
          {createLabel ? <CreateButton label={createLabel} /> : null}
          {actions}
        </TopToolbar>
      }
      sort={sort}
      perPage={perPage}
      exporter={false}
      empty={createLabel ? undefined : false}
    >
      <DataTable rowClick={rowClick} bulkActionButtons={false}>
        {children}
      </DataTable>
    </List>
  );
}
