import Chip from '@mui/material/Chip';
import type { OrderStatus } from '@academy/contracts';
import { Fragment } from 'react';
import { useRecordContext } from 'react-admin';
import { formatDateTime } from './format';
import { formatKr } from './money';
import { orderStatusLabel, variantLabel } from '@academy/contracts';
import { CLOSING_LABELS, COURSE_LABELS, label } from './labels';

/** Small read-only fields shared by the resources. */

type Props = { source: string; label?: string; emptyText?: string };

function useValue<T>(source: string): T | undefined {
  const record = useRecordContext();
  return record ? (record[source] as T) : undefined;
}

export function KrField({ source }: Props) {
  return <span>{formatKr(useValue<number>(source))}</span>;
}

export function DateTimeField({ source, emptyText = '–' }: Props) {
  const v = useValue<string | null>(source);
  return <span>{v ? formatDateTime(v) : emptyText}</span>;
}

export function CourseField({ source }: Props) {
  return <span>{label(COURSE_LABELS, useValue<string>(source))}</span>;
}

export function VariantField({ source }: Props) {
  const v = useValue<string | null>(source);
  return <span>{v ? variantLabel(v) : '–'}</span>;
}

const STATUS_COLOR: Record<OrderStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  pending: 'default',
  paid: 'success',
  failed: 'error',
  expired: 'default',
  refunded: 'warning',
  partially_refunded: 'info',
};

/**
 * The order's status; a payment the provider ended says how (the buyer rejected it in Vipps, it ran out
 * of time), and a payment refused when it landed says so («Avvist – venter på refusjon», never «Betalt»).
 */
export function OrderStatusChip({
  status,
  closedAs,
  refusal,
}: {
  status: OrderStatus;
  closedAs?: string | null;
  refusal?: string | null;
}) {
  const text = (closedAs && CLOSING_LABELS[closedAs]) || orderStatusLabel(status, refusal);
  const awaiting = !!refusal && status === 'paid';
  const color = closedAs === 'aborted' || awaiting ? 'error' : (STATUS_COLOR[status] ?? 'default');
  // A long status («Avvist – venter på refusjon») wraps inside a narrow column instead of running over the next.
  return (
    <Chip
      size="small"
      color={color}
      label={text}
      sx={{ maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: '2px' } }}
    />
  );
}

export function YesNo({ value }: { value: boolean }) {
  return <Chip size="small" variant="outlined" color={value ? 'success' : 'default'} label={value ? 'Ja' : 'Nei'} />;
}

/**
 * An e-mail address that may wrap only after its '@' and its dots (a `<wbr>` there), never inside a
 * word: "walk.test@example.com" wraps as "walk.|test@|example.|com" when its column is narrow.
 */
export function EmailText({ value }: { value: string | null | undefined }) {
  if (!value) return <>–</>;
  const parts = value.split(/(?<=[@.])/);
  return (
    <span data-email={value}>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {p}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}

/** The record's e-mail address in a table or a show page, with breaks only after '@' and '.'. */
export function EmailField({ source }: Props) {
  return <EmailText value={useValue<string | null>(source)} />;
}
