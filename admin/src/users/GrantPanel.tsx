import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAYER_COURSE_IDS, type AdminGrant, type AdminUserDetail, type PlayerCourseId } from '@academy/contracts';
import { useState, type FormEvent } from 'react';
import { Confirm, Link, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useAdminHref } from '../lib/useHref';
import { errorMessage } from '../lib/http';
import { formatDateTime } from '../lib/format';
import { COURSE_LABELS, GRANT_SOURCE_LABELS, label } from '../lib/labels';
import { useAdminData } from '../lib/useAdminData';

/** Give a course by hand (source 'Gitt av mentor'). */
function GrantForm({ user }: { user: AdminUserDetail }) {
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const available = PLAYER_COURSE_IDS.filter((c) => !user.courses.includes(c));
  const [courseId, setCourseId] = useState<PlayerCourseId | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (available.length === 0) return <Typography variant="body2">Eleven har tilgang til alle kursene.</Typography>;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!courseId) return;
    setBusy(true);
    try {
      await dp.grantCourse(user.id, courseId, note.trim() || undefined);
      notify(`${label(COURSE_LABELS, courseId)} er gitt til ${user.email}`, { type: 'success' });
      setCourseId('');
      setNote('');
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
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
        label="Kurs"
        value={courseId}
        onChange={(e) => setCourseId(e.target.value as PlayerCourseId)}
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
        label="Notat (valgfritt)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        sx={{ minWidth: 240, flex: 1 }}
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
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await dp.revokeGrant(grant.id);
      notify(`Tilgangen til ${label(COURSE_LABELS, grant.courseId)} er trukket tilbake`, { type: 'success' });
      refresh();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} disabled={busy}>
        Trekk tilbake
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={`Trekke tilbake tilgangen til ${label(COURSE_LABELS, grant.courseId)}?`}
        content="Eleven mister tilgangen til kurset med en gang. Ordren og betalingen endres ikke."
        confirm="Trekk tilbake"
        cancel="Avbryt"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The student's course grants (active and revoked), with revoke and grant. */
export function GrantPanel() {
  const user = useRecordContext<AdminUserDetail>();
  const href = useAdminHref();
  if (!user) return null;
  return (
    <Box>
      {user.grants.length === 0 ? (
        <Typography variant="body2">Ingen tilganger ennå.</Typography>
      ) : (
        <Table size="small" aria-label="Tilganger">
          <TableHead>
            <TableRow>
              <TableCell>Kurs</TableCell>
              <TableCell>Kilde</TableCell>
              <TableCell>Gitt</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Notat</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {user.grants.map((g) => (
              <TableRow key={g.id} data-testid={`grant-${g.courseId}`}>
                <TableCell>{label(COURSE_LABELS, g.courseId)}</TableCell>
                <TableCell>
                  {label(GRANT_SOURCE_LABELS, g.source)}
                  {g.orderId ? (
                    <>
                      {' '}
                      (<Link to={href(`/orders/${g.orderId}/show`)}>ordre {g.orderId}</Link>)
                    </>
                  ) : null}
                </TableCell>
                <TableCell>{formatDateTime(g.grantedAt)}</TableCell>
                <TableCell>{g.active ? 'Aktiv' : `Trukket tilbake ${formatDateTime(g.revokedAt)}`}</TableCell>
                <TableCell>{g.note ?? ''}</TableCell>
                <TableCell align="right">{g.active ? <RevokeButton grant={g} /> : null}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <GrantForm user={user} />
    </Box>
  );
}
