import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { HttpError } from 'ra-core';
import { useState } from 'react';
import { Confirm, Link, useCreatePath, useNotify, useRecordContext, useRedirect } from 'react-admin';
import type { AdminLead } from '@academy/contracts';
import { errorMessage } from '../lib/http';
import { leadsApi } from './api';

/**
 * «Slett» on a lead (a GDPR request from someone without an account): every lead of the address goes,
 * with its funnel row, consent and mails. An address that is a student's is not deleted here: the
 * page says so and links to the student, whose erasure removes everything of the person.
 */
export function DeleteLeadButton() {
  const lead = useRecordContext<AdminLead>();
  const notify = useNotify();
  const redirect = useRedirect();
  const createPath = useCreatePath();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [studentId, setStudentId] = useState<number | null>(null);
  if (!lead) return null;
  const accountId = studentId ?? lead.accountId;

  if (accountId !== null)
    return (
      <Alert severity="info" sx={{ py: 0 }}>
        Adressen tilhører en elev. Slett eleven (med alle data, leads også) fra{' '}
        {/* The alert's own text colour: the panel's link blue is too faint on the alert's background. */}
        <Link to={createPath({ resource: 'users', id: accountId, type: 'show' })} sx={{ color: 'inherit', fontWeight: 600 }}>
          elevsiden
        </Link>
        .
      </Alert>
    );

  const confirm = async () => {
    setBusy(true);
    try {
      const res = await leadsApi.delete(lead.id);
      setOpen(false);
      notify(res.leadsRemoved === 1 ? 'Leadet er slettet' : `${res.leadsRemoved} leads for adressen er slettet`, {
        type: 'success',
      });
      redirect('list', 'leads');
    } catch (e) {
      const id = e instanceof HttpError ? (e.body as { accountId?: unknown } | undefined)?.accountId : undefined;
      if (typeof id === 'number') {
        setOpen(false);
        setStudentId(id);
      } else notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} disabled={busy}>
        Slett
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="Slette leadet?"
        content={`Alle leads for ${lead.email} slettes, med samtykke og e-poster til adressen. Det kan ikke angres.`}
        confirm="Slett"
        cancel="Avbryt"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
