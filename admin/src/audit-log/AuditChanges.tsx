import { BROADCAST_STATUS_LABELS, MENTOR_STATUS_LABELS, OUTBOX_STATUS_LABELS, QUESTION_STATUS_LABELS } from '@academy/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../lib/format';
import { COURSE_LABELS, label, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, PROVIDER_LABELS } from '../lib/labels';
import { formatKr } from '../lib/money';

/** The panel's resource of each audited entity, for the record's link and its fields' names. */
export const ENTITY_RESOURCES: Record<string, string> = {
  lead: 'leads',
  user: 'users',
  order: 'orders',
  course: 'courses',
  module: 'modules',
  certificate: 'certificates',
  campaign_code: 'campaign-codes',
  live_session: 'live-sessions',
  broadcast: 'broadcasts',
  sequence: 'sequences',
  lesson_question: 'questions',
  mentor_thread: 'mentor-threads',
  partner: 'partners',
};

/** Values of a `status`, whatever the entity (their words are the same everywhere in the panel). */
const STATUS_LABELS: Record<string, string> = {
  ...OUTBOX_STATUS_LABELS,
  ...BROADCAST_STATUS_LABELS,
  ...QUESTION_STATUS_LABELS,
  ...MENTOR_STATUS_LABELS,
  ...ORDER_STATUS_LABELS,
  scheduled: 'Planlagt',
  cancelled: 'Avlyst',
};

/** Names of fields that no resource's list names (the audit rows' own words). */
const EXTRA_FIELDS: Record<string, string> = {
  amountOre: 'Beløp',
  refundedOre: 'Refundert',
  discountOre: 'Rabatt',
  reason: 'Begrunnelse',
  status: 'Status',
  courseId: 'Kurs',
  courseIds: 'Kurs',
  note: 'Notat',
  contacted: 'Kontaktet',
  leadsRemoved: 'Leads slettet',
  marketingRemoved: 'Markedsføringsdata slettet',
  emailsRemoved: 'E-poster slettet',
  images: 'Bilder',
  days: 'Dager',
  endsAt: 'Slutter',
  startsAt: 'Starter',
  userId: 'Elev',
  orderId: 'Ordre',
  provider: 'Betalingsleverandør',
  paymentMethod: 'Betalingsmåte',
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A stored value as the mentor reads it: kroner, Oslo time, Norwegian words, Ja/Nei. */
export function auditValue(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'boolean') return v ? 'Ja' : 'Nei';
  if (typeof v === 'number' && /Ore$/.test(key)) return formatKr(v);
  if (typeof v === 'string' && ISO_TIME.test(v)) return formatDateTime(v);
  if (key === 'status' && typeof v === 'string') return label(STATUS_LABELS, v);
  if ((key === 'courseId' || key === 'courseIds') && (typeof v === 'string' || Array.isArray(v)))
    return (Array.isArray(v) ? v : [v]).map((c) => label(COURSE_LABELS, String(c))).join(', ');
  if (key === 'paymentMethod' && typeof v === 'string') return label(PAYMENT_METHOD_LABELS, v);
  if (key === 'provider' && typeof v === 'string') return label(PROVIDER_LABELS, v);
  if (Array.isArray(v)) return v.map((x) => auditValue(key, x)).join(', ');
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${auditValue(k, x)}`)
      .join('; ');
  return String(v);
}

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : v === null || v === undefined
      ? {}
      : { verdi: v };

/** «Før» and «Etter» side by side, one labelled row per field; the fields that changed in bold. */
export function AuditChanges({ entity, before, after }: { entity: string; before: unknown; after: unknown }) {
  const translate = useTranslate();
  const b = asObject(before);
  const a = asObject(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (keys.length === 0) return <Typography variant="body2">Ingen felt lagret.</Typography>;
  const resource = ENTITY_RESOURCES[entity];
  const fieldName = (k: string) => EXTRA_FIELDS[k] ?? (resource ? translate(`resources.${resource}.fields.${k}`, { _: k }) : k);
  return (
    <Table size="small" aria-label="Endringer" sx={{ maxWidth: 900 }}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Felt
          </TableCell>
          <TableCell component="th" scope="col">
            Før
          </TableCell>
          <TableCell component="th" scope="col">
            Etter
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((k) => {
          const changed = JSON.stringify(b[k]) !== JSON.stringify(a[k]);
          const sx = { fontWeight: changed ? 600 : undefined, overflowWrap: 'anywhere' } as const;
          return (
            <TableRow key={k}>
              <TableCell component="th" scope="row">
                {fieldName(k)}
              </TableCell>
              <TableCell sx={sx}>{k in b ? auditValue(k, b[k]) : '–'}</TableCell>
              <TableCell sx={sx}>{k in a ? auditValue(k, a[k]) : '–'}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
