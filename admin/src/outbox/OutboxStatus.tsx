import Chip from '@mui/material/Chip';
import { MAIL_KIND_LABELS, OUTBOX_STATUS_LABELS, type MailKindName, type OutboxStatusName } from '@academy/contracts';

const STATUS_COLOR: Record<OutboxStatusName, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  logged: 'default',
};

export const statusChoices = Object.entries(OUTBOX_STATUS_LABELS).map(([id, name]) => ({ id, name }));
export const kindChoices = Object.entries(MAIL_KIND_LABELS).map(([id, name]) => ({ id, name }));

export function kindLabel(kind: string): string {
  return MAIL_KIND_LABELS[kind as MailKindName] ?? kind;
}

/** The status as a coloured chip: I kø, Sendes, Sendt, Feilet, Bare logget. */
export function OutboxStatusChip({ status }: { status: OutboxStatusName }) {
  return <Chip size="small" color={STATUS_COLOR[status] ?? 'default'} label={OUTBOX_STATUS_LABELS[status] ?? status} />;
}
