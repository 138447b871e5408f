import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { AdminUserDetail } from '@academy/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { ConfirmButton } from '../lib/ConfirmButton';
import { useNotifyingAction } from '../lib/useNotifyingAction';

/**
 * The student's name, e-mail address and the mentor's notes, edited in place. A new address is
 * mailed a confirmation link and takes effect when the student confirms it; the old address is told and
 * can stop it; until then the page says which address waits. A new address needs a recent sign-in (the
 * panel's password dialog asks, docs/decisions.md "E-mail addresses").
 */
export function StudentEditPanel() {
  const translate = useTranslate();
  const user = useRecordContext<AdminUserDetail>();
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useNotifyingAction();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!user) return;
    setFirstName(user.firstName ?? '');
    setLastName(user.lastName ?? '');
    setEmail(user.pendingEmail ?? user.email);
    setNote(user.adminNote ?? '');
  }, [user]);
  if (!user) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const typed = email.trim();
      const updated = await dp.updateStudent(user.id, {
        firstName: firstName.trim() || null,
        lastName: lastName.trim() || null,
        adminNote: note.trim() || null,
        ...(typed && typed !== (user.pendingEmail ?? user.email) ? { email: typed } : {}),
      });
      notify(
        updated.pendingEmail && updated.pendingEmail !== user.pendingEmail
          ? `Lagret. ${updated.pendingEmail} har fått en lenke for å bekrefte den nye adressen, og ${updated.email} har fått beskjed.`
          : 'Eleven er lagret',
        { type: 'success' },
      );
      refresh();
    });
  };

  return (
    <Box component="form" onSubmit={submit} aria-label="Rediger eleven" sx={{ display: 'grid', gap: 2, maxWidth: 640, mt: 1 }}>
      {user.pendingEmail ? (
        <Alert severity="info" data-testid="pending-email">
          Venter på at eleven bekrefter den nye adressen {user.pendingEmail}. Til da logger eleven inn med {user.email}, som har
          fått beskjed og kan stoppe endringen.
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          size="small"
          label={translate('resources.users.fields.firstName')}
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          size="small"
          label={translate('resources.users.fields.lastName')}
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </Box>
      <TextField
        size="small"
        type="email"
        label={translate('resources.users.fields.email')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        helperText="En ny adresse gjelder først når eleven har bekreftet den fra lenken vi sender dit. Den gamle adressen får beskjed og kan stoppe endringen."
        slotProps={{ htmlInput: { maxLength: 254 } }}
      />
      <TextField
        size="small"
        label={translate('panel.users.notaterBareForMentoren')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          Lagre eleven
        </Button>
      </Box>
    </Box>
  );
}

/** «Send ny innloggingslenke»: a new one-time link (7 days) by mail; the older links stop working. */
export function SendSignInLinkButton() {
  const user = useRecordContext<AdminUserDetail>();
  const dp = useAdminData();
  const notify = useNotify();
  if (!user) return null;
  return (
    <ConfirmButton
      label="panel.users.sendNyInnloggingslenke"
      title={`Sende en ny innloggingslenke til ${user.email}?`}
      content="Eleven får en lenke som logger inn én gang og gjelder i 7 dager. Eldre innloggingslenker slutter å virke."
      confirmLabel="Send lenken"
      onConfirm={async () => {
        await dp.sendSignInLink(user.id);
        notify(`En ny innloggingslenke er sendt til ${user.email}`, { type: 'success' });
      }}
    />
  );
}
