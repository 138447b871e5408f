import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { AdminGrant } from '@academy/contracts';
import { useState, type FormEvent } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { ConfirmButton } from '../lib/ConfirmButton';
import { formatDateTime } from '../lib/format';
import { COURSE_LABELS, label } from '../lib/labels';
import { useNotifyingAction } from '../lib/useNotifyingAction';

/** Drip release: whether the grant's modules were opened early, or a button to open them all now. */
export function ReleaseCell({ grant }: { grant: AdminGrant }) {
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  if (grant.releasedEarlyAt) return <>Alle åpnet {formatDateTime(grant.releasedEarlyAt)}</>;
  if (!grant.active) return null;
  const course = label(COURSE_LABELS, grant.courseId);
  return (
    <ConfirmButton
      label="panel.users.apneAlleModuler"
      title={`Åpne alle moduler i ${course} nå?`}
      content="Moduler med dryppslipp åpnes med en gang for denne eleven, i stedet for etter antall dager."
      confirmLabel="Åpne nå"
      onConfirm={async () => {
        await dp.releaseGrant(grant.id);
        notify(`Alle moduler i ${course} er åpnet for eleven`, { type: 'success' });
        refresh();
      }}
    />
  );
}

/** The grant's mentorship period: its end, and a small form to extend it by whole days. */
export function MentorshipCell({ grant }: { grant: AdminGrant }) {
  const translate = useTranslate();
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useNotifyingAction();
  const [days, setDays] = useState('30');
  const ended = grant.mentorshipEndsAt !== null && new Date(grant.mentorshipEndsAt).getTime() < Date.now();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > 365) {
      notify('Skriv et helt antall dager mellom 1 og 365', { type: 'warning' });
      return;
    }
    await run(async () => {
      const updated = await dp.extendMentorship(grant.id, n);
      notify(`Mentorperioden er forlenget til ${formatDateTime(updated.mentorshipEndsAt)}`, { type: 'success' });
      refresh();
    });
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid={`mentorship-${grant.id}`}>
      <span>
        {grant.mentorshipEndsAt
          ? `${ended ? 'Sluttet' : 'Til'} ${formatDateTime(grant.mentorshipEndsAt)}`
          : 'Ingen mentorperiode'}
      </span>
      {grant.active && (
        <Box
          component="form"
          onSubmit={submit}
          sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}
          aria-label="Forleng mentorperioden"
        >
          <TextField
            size="small"
            type="number"
            label={translate('panel.users.dager')}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 365, step: 1 } }}
            sx={{ width: 90 }}
          />
          <Button type="submit" size="small" disabled={busy}>
            {grant.mentorshipEndsAt ? 'Forleng' : 'Gi mentorperiode'}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/**
 * A VIP grant's period: its end, a small form to lengthen it by whole days, and «Avslutt VIP nå»
 * (the grant and the courses it opened end at once). Both need a recent sign-in and are audited.
 */
export function MembershipCell({ grant }: { grant: AdminGrant }) {
  const translate = useTranslate();
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useNotifyingAction();
  const [days, setDays] = useState('30');
  const course = label(COURSE_LABELS, grant.courseId);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > 730) {
      notify('Skriv et helt antall dager mellom 1 og 730', { type: 'warning' });
      return;
    }
    await run(async () => {
      const updated = await dp.extendMembership(grant.id, n);
      notify(`${course}-perioden er forlenget til ${formatDateTime(updated.accessEndsAt)}`, { type: 'success' });
      refresh();
    });
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid={`membership-${grant.id}`}>
      <span>
        {grant.active
          ? `${course}-periode til ${formatDateTime(grant.accessEndsAt)}`
          : `${course}-perioden sluttet ${formatDateTime(grant.revokedAt ?? grant.accessEndsAt)}`}
      </span>
      {grant.active && (
        <>
          <Box
            component="form"
            onSubmit={submit}
            sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}
            aria-label={`Forleng ${course}-perioden`}
          >
            <TextField
              size="small"
              type="number"
              label={translate('panel.users.dager')}
              value={days}
              onChange={(e) => setDays(e.target.value)}
              slotProps={{ htmlInput: { min: 1, max: 730, step: 1 } }}
              sx={{ width: 90 }}
            />
            <Button type="submit" size="small" disabled={busy}>
              Forleng
            </Button>
          </Box>
          <ConfirmButton
            label={`Avslutt ${course} nå`}
            color="error"
            title={`Avslutte ${course}-perioden nå?`}
            content={`Eleven mister ${course} og kursene som følger med med en gang. Ordren og betalingen endres ikke.`}
            confirmLabel="Avslutt nå"
            onConfirm={async () => {
              await dp.endMembership(grant.id);
              notify(`${course}-perioden er avsluttet`, { type: 'success' });
              refresh();
            }}
          />
        </>
      )}
    </Box>
  );
}
