import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { mailFailureMeaning, type AdminOutboxMessageDetail } from '@academy/contracts';
import { Link, useCreatePath, useRecordContext } from 'react-admin';

/**
 * Why a mail failed, in plain Norwegian («Adressen finnes ikke» for 550 5.1.1), with the receiving
 * server's own words behind «Vis feilmeldingen». A hard bounce says what to do: correct the address.
 */
export function MailFailureText({ record }: { record: AdminOutboxMessageDetail }) {
  const failure = mailFailureMeaning(record.lastError);
  if (!failure || !record.lastError) return <>–</>;
  return (
    <div data-testid="mail-failure">
      <Alert severity={failure.hard ? 'error' : 'warning'} sx={{ mb: 1 }}>
        <strong>{failure.meaning}.</strong>
        {failure.hard
          ? ` Å sende på nytt til ${record.toAddress} gir samme svar: rett adressen først.`
          : record.status === 'failed'
            ? ' Den kan sendes på nytt.'
            : ''}
      </Alert>
      <details>
        <summary>Vis feilmeldingen fra e-posttjeneren</summary>
        <code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{record.lastError}</code>
      </details>
    </div>
  );
}

/** Whether the message failed because its address bounced for good (sending again would bounce again). */
export function bouncedHard(record: AdminOutboxMessageDetail | undefined): boolean {
  return !!record && record.status === 'failed' && mailFailureMeaning(record.lastError)?.hard === true;
}

/**
 * «Rett adressen» in place of «Send på nytt» after a hard bounce: the student's page (where the
 * address is edited), or the leads with this address when no student has it.
 */
export function CorrectAddressButton() {
  const record = useRecordContext<AdminOutboxMessageDetail>();
  const createPath = useCreatePath();
  if (!record) return null;
  // Paths with the panel's base (/admin), as react-admin makes them.
  const to = record.userId
    ? createPath({ resource: 'users', id: record.userId, type: 'show' })
    : `${createPath({ resource: 'leads', type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ q: record.toAddress }))}`;
  return (
    <Button component={Link} to={to} startIcon={<EditIcon />} size="small" data-testid="correct-address">
      {record.userId ? 'Rett adressen hos eleven' : 'Finn leaden med adressen'}
    </Button>
  );
}
