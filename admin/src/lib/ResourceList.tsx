import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useRef,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  CreateButton,
  DataTable,
  DataTableBody,
  DataTableRow,
  type DataTableBodyProps,
  type DataTableRowProps,
  FilterButton,
  List,
  SimpleList,
  TopToolbar,
  useListContext,
  useRecordContext,
  type RaRecord,
  type SortPayload,
} from 'react-admin';

/** A record as one line of a phone's list: what it is, and a line or two about it. */
export interface PhoneRow<T extends RaRecord> {
  primary: (record: T) => ReactNode;
  secondary?: (record: T) => ReactNode;
  /** Shown at the right of the first line (a date, a status). */
  tertiary?: (record: T) => ReactNode;
}

/** A phone row's second line: the parts that are there, separated by a middle dot. */
export function phoneLine(...parts: Array<string | null | undefined | false>): string {
  return parts.filter(Boolean).join(' · ');
}

/** True on a phone (below Material UI's `sm`, 600 px): lists show as one line per record there. */
export function usePhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}

interface ResourceListProps<T extends RaRecord> {
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
  /** The same records on a phone, where a table would not fit: one line (or two) per record. */
  phone: PhoneRow<T>;
  /** Buttons for the selected rows (e.g. the students' 'Gi kurs'); without them the rows have no checkboxes. */
  bulkActionButtons?: ReactElement;
  /** Who or what a row is, for its checkbox's name («Velg Kari Nordmann»); without it «Velg denne raden». */
  rowName?: (record: T) => string;
}

/** The list's `rowName`, for its rows' checkboxes. */
const RowNameContext = createContext<((record: RaRecord) => string) | undefined>(undefined);

/**
 * A table row that the keyboard reaches (Tab) and opens (Enter) as a click opens it (WCAG 2.1.1),
 * with a visible focus ring. Enter on a button or link inside the row does only what that control does.
 */
const KeyboardRow = forwardRef<HTMLTableRowElement, DataTableRowProps>(function KeyboardRow(props, ref) {
  const own = useRef<HTMLTableRowElement | null>(null);
  const setRef = useCallback(
    (el: HTMLTableRowElement | null) => {
      own.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  // react-admin names a row's checkbox on its wrapper (a span may not carry aria-label, and the
  // input stays nameless), and every row alike: the name moves to the input itself (WCAG 4.1.2), and
  // says whose row it is when the list can tell («Velg Kari Nordmann»), so a screen reader's list of
  // checkboxes is not twenty-five «Velg denne raden».
  const rowName = useContext(RowNameContext);
  const record = useRecordContext();
  const name = rowName && record ? rowName(record).trim() : '';
  useEffect(() => {
    const box = own.current?.querySelector('.select-item');
    const input = box?.querySelector('input');
    if (!box || !input) return;
    const fallback = box.getAttribute('aria-label') ?? input.getAttribute('aria-label') ?? 'Velg denne raden';
    input.setAttribute('aria-label', name ? `Velg ${name}` : fallback);
    box.removeAttribute('aria-label');
  });
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.key !== 'Enter' || e.target !== e.currentTarget) return;
    e.preventDefault();
    e.currentTarget.click();
  };
  return (
    <DataTableRow
      {...props}
      ref={setRef}
      tabIndex={0}
      onKeyDown={onKeyDown}
      sx={[
        { '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' } },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    />
  );
});

function KeyboardBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={KeyboardRow} />;
}

/**
 * Says so when the server counted the list's rows only up to a bound (`X-Total-Capped`, a filter that
 * looks every row up in another table): the total is then a lower bound, and the pages go on past it.
 */
export function CappedTotalNote() {
  const { meta, total } = useListContext();
  if (!(meta as { totalCapped?: boolean } | undefined)?.totalCapped || total === undefined) return null;
  return (
    <Typography variant="body2" role="status" sx={{ px: 2, pt: 1 }}>
      Minst {total.toLocaleString('nb-NO')} treff. Med dette filteret telles ikke alle (det tar for lang tid med så mange rader);
      bla videre for flere, eller eksporter for å få alle.
    </Typography>
  );
}

/**
 * A resource's list page, the same for every resource: the filters (the rest behind 'Legg til
 * filter'), no client-side export, and a table whose rows open the record by a click or by the
 * keyboard (Tab to the row, Enter), without bulk actions unless the list names them (on a phone a simple list, each line opening the record the same way). A list that can create
 * invites making the first record when it is empty; any other list keeps its filters and shows an
 * empty table.
 */
export function ResourceList<T extends RaRecord>({
  filters,
  sort,
  perPage = 25,
  rowClick = 'show',
  createLabel,
  actions,
  children,
  phone,
  bulkActionButtons,
  rowName,
}: ResourceListProps<T>) {
  const isPhone = usePhone();
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
      <CappedTotalNote />
      {isPhone ? (
        <SimpleList<T>
          primaryText={phone.primary}
          secondaryText={phone.secondary}
          tertiaryText={phone.tertiary}
          rowClick={rowClick}
          data-testid="phone-list"
        />
      ) : (
        <RowNameContext.Provider value={rowName as ((record: RaRecord) => string) | undefined}>
          <DataTable rowClick={rowClick} bulkActionButtons={bulkActionButtons ?? false} body={KeyboardBody}>
            {children}
          </DataTable>
        </RowNameContext.Provider>
      )}
    </List>
  );
}
