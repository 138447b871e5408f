import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AdminDiscordView, AdminUserDetail } from '@academy/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { DetailTable, type DetailColumn } from '../lib/DetailTable';
import { errorMessage } from '../lib/http';
import { formatDateTime } from '../lib/format';
import { COURSE_LABELS, label } from '../lib/labels';
import { useNotifyingAction } from '../lib/useNotifyingAction';

const roleName = (key: string) => (key === 'mentorship' ? 'Mentorperiode' : label(COURSE_LABELS, key));

const ROLE_COLUMNS: DetailColumn<AdminDiscordView['roles'][number]>[] = [
  { header: 'Rolle for', cell: (r) => roleName(r.key) },
  { header: 'Rolle-id', cell: (r) => r.roleId },
  { header: 'Skal ha', cell: (r) => (r.wanted ? 'Ja' : 'Nei') },
  { header: 'Hadde ved siste sjekk', cell: (r) => (r.held === null ? '–' : r.held ? 'Ja' : 'Nei') },
];

/** The student's Discord: the linked account, each managed role (should have / had), and «Synkroniser nå». */
export function DiscordPanel() {
  const user = useRecordContext<AdminUserDetail>();
  const dp = useAdminData();
  const notify = useNotify();
  const { busy, run } = useNotifyingAction();
  const [view, setView] = useState<AdminDiscordView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!user) return;
    try {
      setView(await dp.discordOf(Number(user.id)));
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [dp, user]);

  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!view) return <Typography role="status">Henter Discord …</Typography>;
  if (!view.enabled)
    return <Typography>Discord er ikke satt opp (DISCORD_* i miljøet). Elevene ser invitasjonslenken.</Typography>;
  if (!view.linked) return <Typography>Eleven har ikke koblet til Discord.</Typography>;

  const sync = () =>
    run(async () => {
      const next = await dp.syncDiscord(Number(user!.id));
      setView(next);
      notify(next.syncError ? `Synkronisert, men: ${next.syncError}` : 'Rollene i Discord er synkronisert', {
        type: next.syncError ? 'warning' : 'success',
      });
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="discord-panel">
      <Typography>
        Koblet til <strong>{view.username}</strong> (id {view.discordUserId}) {formatDateTime(view.linkedAt)}
      </Typography>
      <Typography variant="body2">
        Siste sjekk mot Discord: {view.syncedAt ? formatDateTime(view.syncedAt) : 'aldri'}
        {view.pendingChanges > 0 &&
          ` · ${view.pendingChanges} ${view.pendingChanges === 1 ? 'endring venter' : 'endringer venter'}`}
      </Typography>
      {view.syncError && <Alert severity="warning">{view.syncError}</Alert>}
      <DetailTable
        label="panel.users.rollerIDiscord"
        rows={view.roles}
        rowKey={(r) => r.roleId}
        columns={ROLE_COLUMNS}
        empty="Ingen roller er satt opp."
      />
      <Box>
        <Button variant="contained" onClick={() => void sync()} disabled={busy}>
          Synkroniser nå
        </Button>
      </Box>
    </Box>
  );
}
