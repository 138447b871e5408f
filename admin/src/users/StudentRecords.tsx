import Typography from '@mui/material/Typography';
import {
  MAIL_KIND_LABELS,
  MENTOR_STATUS_LABELS,
  OUTBOX_STATUS_LABELS,
  QUESTION_STATUS_LABELS,
  type AdminCertificate,
  type AdminMentorThread,
  type AdminOutboxMessage,
  type AdminQuestion,
} from '@academy/contracts';
import { useGetList, useRecordContext, type RaRecord } from 'react-admin';
import { DetailTable, type DetailColumn } from '../lib/DetailTable';
import { formatDateTime } from '../lib/format';
import { label } from '../lib/labels';
import { ShowLink } from '../lib/ShowParts';

/** Most rows of another list a student tab shows (the newest); the list itself has them all. */
const SHOWN = 50;

/** A question's text as one plain line (Markdown marks dropped), cut to a readable length. */
const plain = (text: string, max = 120) => {
  const s = text
    .replace(/[*_`#>[\]]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

const QUESTION_COLUMNS: DetailColumn<AdminQuestion>[] = [
  {
    header: 'Spurt',
    cell: (q) => (
      <ShowLink resource="questions" id={q.id}>
        {formatDateTime(q.createdAt)}
      </ShowLink>
    ),
  },
  { header: 'Leksjon', cell: (q) => `${q.courseTitle}: ${q.moduleTitle}` },
  { header: 'Spørsmål', cell: (q) => plain(q.body) },
  { header: 'Status', cell: (q) => QUESTION_STATUS_LABELS[q.status] ?? q.status },
];

const THREAD_COLUMNS: DetailColumn<AdminMentorThread>[] = [
  {
    header: 'Tittel',
    cell: (t) => (
      <ShowLink resource="mentor-threads" id={t.id}>
        {t.title}
      </ShowLink>
    ),
  },
  { header: 'Status', cell: (t) => MENTOR_STATUS_LABELS[t.status] ?? t.status },
  { header: 'Meldinger', cell: (t) => String(t.messageCount) },
  { header: 'Siste melding', cell: (t) => formatDateTime(t.lastMessageAt) },
];

const CERTIFICATE_COLUMNS: DetailColumn<AdminCertificate>[] = [
  {
    header: 'Kurs',
    cell: (c) => (
      <ShowLink resource="certificates" id={c.id}>
        {c.courseTitle}
      </ShowLink>
    ),
  },
  { header: 'Kode', cell: (c) => c.code },
  { header: 'Utstedt', cell: (c) => formatDateTime(c.issuedAt) },
  { header: 'Status', cell: (c) => (c.revoked ? `Trukket tilbake ${formatDateTime(c.revokedAt)}` : 'Gyldig') },
];

const MAIL_COLUMNS: DetailColumn<AdminOutboxMessage>[] = [
  {
    header: 'Laget',
    cell: (m) => (
      <ShowLink resource="outbox" id={m.id}>
        {formatDateTime(m.createdAt)}
      </ShowLink>
    ),
  },
  { header: 'Type', cell: (m) => label(MAIL_KIND_LABELS, m.kind) },
  { header: 'Emne', cell: (m) => m.subject },
  { header: 'Status', cell: (m) => OUTBOX_STATUS_LABELS[m.status] ?? m.status },
];

/** The student's newest rows of another list (questions, inbox threads, certificates, mails), each linked to its page. */
function StudentRows<T extends RaRecord>({
  resource,
  sortField,
  columns,
  tableLabel,
  empty,
}: {
  resource: string;
  sortField: string;
  columns: DetailColumn<T>[];
  tableLabel: string;
  empty: string;
}) {
  const user = useRecordContext();
  const { data, total, isPending, error } = useGetList<T>(
    resource,
    { filter: { userId: user?.id }, sort: { field: sortField, order: 'DESC' }, pagination: { page: 1, perPage: SHOWN } },
    { enabled: !!user },
  );
  if (!user) return null;
  if (error) return <Typography color="error">Kunne ikke hente {tableLabel.toLowerCase()}.</Typography>;
  if (isPending) return <Typography variant="body2">Henter …</Typography>;
  return (
    <>
      <DetailTable label={tableLabel} rows={data ?? []} rowKey={(r) => r.id} columns={columns} empty={empty} />
      {total !== undefined && total > (data?.length ?? 0) ? (
        <Typography variant="body2" role="status" sx={{ mt: 1 }}>
          Viser de {data?.length} nyeste av {total}.
        </Typography>
      ) : null}
    </>
  );
}

export const StudentQuestions = () => (
  <StudentRows<AdminQuestion>
    resource="questions"
    sortField="createdAt"
    columns={QUESTION_COLUMNS}
    tableLabel="Spørsmål"
    empty="Eleven har ikke stilt spørsmål."
  />
);

export const StudentThreads = () => (
  <StudentRows<AdminMentorThread>
    resource="mentor-threads"
    sortField="lastMessageAt"
    columns={THREAD_COLUMNS}
    tableLabel="Innboks"
    empty="Eleven har ingen tråder i innboksen."
  />
);

export const StudentCertificates = () => (
  <StudentRows<AdminCertificate>
    resource="certificates"
    sortField="issuedAt"
    columns={CERTIFICATE_COLUMNS}
    tableLabel="Sertifikater"
    empty="Eleven har ingen sertifikater."
  />
);

export const StudentMails = () => (
  <StudentRows<AdminOutboxMessage>
    resource="outbox"
    sortField="createdAt"
    columns={MAIL_COLUMNS}
    tableLabel="E-post sendt"
    empty="Ingen e-post til eleven."
  />
);
