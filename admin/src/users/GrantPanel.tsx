import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CATALOG_IDS, type AdminGrant, type AdminUserDetail, type CatalogId } from '@academy/contracts';
import { useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { ConfirmButton } from '../lib/ConfirmButton';
import { DetailTable, type DetailColumn } from '../lib/DetailTable';
import { formatDateTime } from '../lib/format';
import { COURSE_LABELS, GRANT_SOURCE_LABELS, label } from '../lib/labels';
import { ShowLink } from '../lib/ShowParts';
import { MembershipCell, MentorshipCell, ReleaseCell } from './GrantExtras';
import { useNotifyingAction } from '../lib/useNotifyingAction';

/** Give a course (or VIP) by hand (source 'Gitt av mentor'), by default with a mail to the student. */
function GrantForm({ user }: { user: AdminUserDetail }) {
  const translate = useTranslate();
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useNotifyingAction();
  // A course the student has only through a larger product (Foundation in Accelerator) can still be given on its own.
  const available = CATALOG_IDS.filter((c) => !user.grants.some((g) => g.active && g.courseId === c && g.source !== 'included'));
  const [courseId, setCourseId] = useState<CatalogId | ''>('');
  const [note, setNote] = useState('');
  const [mail, setMail] = useState(true);
  if (available.length === 0) return <Typography variant="body2">Eleven har tilgang til alle kursene.</Typography>;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!courseId) return;
    await run(async () => {
      await dp.grantCourse(user.id, courseId, note.trim() || undefined, mail);
      notify(`${label(COURSE_LABELS, courseId)} er gitt til ${user.email}${mail ? ' (e-post sendt)' : ''}`, { type: 'success' });
      setCourseId('');
      setNote('');
      setMail(true);
      refresh();
    });
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 2 }}
      aria-label="Gi tilgang til kurs"
    >
      <TextField
        select
        size="small"
        label={translate('resources.users.fields.courses')}
        value={courseId}
        onChange={(e) => setCourseId(e.target.value as CatalogId)}
        sx={{ minWidth: 180 }}
        slotProps={{ htmlInput: { 'data-testid': 'grant-course' } }}
      >
        {available.map((c) => (
          <MenuItem key={c} value={c}>
            {label(COURSE_LABELS, c)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={translate('panel.users.notatValgfritt')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        sx={{ minWidth: 240, flex: 1 }}
      />
      <FormControlLabel
        control={<Checkbox checked={mail} onChange={(e) => setMail(e.target.checked)} />}
        label={translate('panel.users.sendEPostTilEleven')}
      />
      <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={!courseId || busy}>
        Gi tilgang
      </Button>
    </Box>
  );
}

function RevokeButton({ grant }: { grant: AdminGrant }) {
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const course = label(COURSE_LABELS, grant.courseId);
  return (
    <ConfirmButton
      label="panel.common.trekkTilbake"
      color="error"
      title={`Trekke tilbake tilgangen til ${course}?`}
      content="Eleven mister tilgangen til kurset med en gang. Ordren og betalingen endres ikke."
      confirmLabel="Trekk tilbake"
      onConfirm={async () => {
        await dp.revokeGrant(grant.id);
        notify(`Tilgangen til ${course} er trukket tilbake`, { type: 'success' });
        refresh();
      }}
    />
  );
}

const GRANT_COLUMNS: DetailColumn<AdminGrant>[] = [
  { header: 'Kurs', cell: (g) => label(COURSE_LABELS, g.courseId) },
  {
    header: 'Kilde',
    cell: (g) => (
      <>
        {g.source === 'included'
          ? `Inkludert i ${label(COURSE_LABELS, g.includedBy ?? '')}`
          : label(GRANT_SOURCE_LABELS, g.source)}
        {g.orderId ? (
          <>
            {' '}
            (
            <ShowLink resource="orders" id={g.orderId}>
              ordre {g.orderId}
            </ShowLink>
            )
          </>
        ) : null}
      </>
    ),
  },
  { header: 'Gitt', cell: (g) => formatDateTime(g.grantedAt) },
  {
    header: 'Status',
    cell: (g) =>
      g.active
        ? g.accessEndsAt
          ? `Aktiv til ${formatDateTime(g.accessEndsAt)}`
          : 'Aktiv'
        : `Trukket tilbake ${formatDateTime(g.revokedAt)}`,
  },
  { header: 'Notat', cell: (g) => g.note ?? '' },
  // VIP is a membership: its period instead of a mentorship period, and no drip release.
  { header: 'Periode', cell: (g) => (g.membership ? <MembershipCell grant={g} /> : <MentorshipCell grant={g} />) },
  { header: 'Dryppslipp', cell: (g) => (g.membership ? '–' : <ReleaseCell grant={g} />) },
  {
    header: null,
    align: 'right',
    cell: (g) =>
      !g.active || g.membership ? null : g.source === 'included' ? (
        <Typography variant="body2" color="text.secondary">
          Følger {label(COURSE_LABELS, g.includedBy ?? '')}-tilgangen
        </Typography>
      ) : (
        <RevokeButton grant={g} />
      ),
  },
];

/** The student's course grants (active and revoked), with revoke and grant. */
export function GrantPanel() {
  const user = useRecordContext<AdminUserDetail>();
  if (!user) return null;
  return (
    <Box>
      <DetailTable
        label="resources.users.fields.grants"
        rows={user.grants}
        rowKey={(g) => g.id}
        rowProps={(g) => ({ 'data-testid': `grant-${g.courseId}` })}
        columns={GRANT_COLUMNS}
        empty="Ingen tilganger ennå."
      />
      <GrantForm user={user} />
    </Box>
  );
}
