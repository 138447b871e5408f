import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Key, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { usePhone } from './ResourceList';

export interface DetailColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'right';
  width?: string;
}

export interface DetailTableProps<T> {
  /** The table's accessible name, or its key in nb. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  columns: DetailColumn<T>[];
  /** What to say when there are no rows. */
  empty: string;
  /** Extra attributes on a row (a test id). */
  rowProps?: (row: T) => Record<`data-${string}`, string>;
}

/**
 * A small read-only table of rows that belong to the record on the page (a student's grants,
 * orders, progress and leads; an order's refunds), or one line of text when there are none. On a
 * phone, where the columns would not fit, each row is a small block of 'header: value' lines.
 */
export function DetailTable<T>({ label, rows, rowKey, columns, empty, rowProps }: DetailTableProps<T>) {
  const isPhone = usePhone();
  const translate = useTranslate();
  const name = translate(label, { _: label });
  if (rows.length === 0) return <Typography variant="body2">{empty}</Typography>;
  if (isPhone)
    return (
      <Box component="ul" aria-label={name} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Box
            component="li"
            key={rowKey(row)}
            {...rowProps?.(row)}
            sx={{
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 1.5,
              rowGap: 0.5,
              fontSize: 14,
            }}
          >
            {columns.map((c, i) => [
              <Box key={`h${i}`} sx={{ color: 'text.secondary' }}>
                {c.header}
              </Box>,
              <Box key={`c${i}`} sx={{ minWidth: 0, overflowWrap: 'break-word' }}>
                {c.cell(row)}
              </Box>,
            ])}
          </Box>
        ))}
      </Box>
    );
  return (
    <Table size="small" aria-label={name}>
      <TableHead>
        <TableRow>
          {columns.map((c, i) => (
            <TableCell key={i} align={c.align} sx={c.width ? { width: c.width } : undefined}>
              {c.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((c, i) => (
              <TableCell key={i} align={c.align}>
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
