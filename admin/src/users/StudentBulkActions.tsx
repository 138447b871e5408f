import DownloadIcon from '@mui/icons-material/Download';
import SchoolIcon from '@mui/icons-material/School';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CATALOG_IDS, type CatalogId } from '@academy/contracts';
import { useState, type FormEvent } from 'react';
import { useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { COURSE_LABELS, label } from '../lib/labels';
import { useNotifyingAction } from '../lib/useNotifyingAction';

const GRANTABLE = CATALOG_IDS.filter((c) => c !== 'starter');

/** «Gi kurs»: one course to every selected student, each granted, audited and (ticked by default) mailed. */
function BulkGrantButton() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('users');
  const { busy, run } = useNotifyingAction();
  const [open, setOpen] = useState(false);
  const [courseId, setCourseId] = useState<CatalogId | ''>('');
  const [note, setNote] = useState('');
  const [mail, setMail] = useState(true);
  const count = selectedIds.length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!courseId) return;
    await run(async () => {
      const res = await dp.bulkGrant({
        userIds: selectedIds.map(Number),
        courseId,
        note: note.trim() || undefined,
        notify: mail,
      });
      const course = label(COURSE_LABELS, courseId);
      const owned = res.alreadyOwned.length ? ` ${res.alreadyOwned.length} hadde kurset fra før.` : '';
      notify(`${course} er gitt til ${res.granted.length} ${res.granted.length === 1 ? 'elev' : 'elever'}.${owned}`, {
        type: 'success',
      });
      setOpen(false);
      setCourseId('');
      setNote('');
      setMail(true);
      unselectAll();
      refresh();
    });
  };

  return (
    <>
      <Button size="small" startIcon={<SchoolIcon />} onClick={() => setOpen(true)}>
        Gi kurs
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="bulk-grant-title" fullWidth maxWidth="sm">
        <form onSubmit={submit} aria-label="Gi kurs til valgte elever">
          <DialogTitle id="bulk-grant-title">
            Gi kurs til {count} {count === 1 ? 'valgt elev' : 'valgte elever'}
          </DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
            <TextField
              select
              size="small"
              label={translate('resources.users.fields.courses')}
              value={courseId}
              onChange={(e) => setCourseId(e.target.value as CatalogId)}
              slotProps={{ htmlInput: { 'data-testid': 'bulk-grant-course' } }}
            >
              {GRANTABLE.map((c) => (
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
            />
            <FormControlLabel
              control={<Checkbox checked={mail} onChange={(e) => setMail(e.target.checked)} />}
              label={translate('panel.users.sendEPostTilHver')}
            />
            <Typography variant="body2" color="text.secondary">
              Elever som har kurset fra før, hoppes over. Hver tildeling føres i revisjonsloggen.
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Avbryt</Button>
            <Button type="submit" variant="contained" disabled={!courseId || busy}>
              Gi kurs
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

/** «Eksporter valgte»: the selected rows as CSV. */
function ExportSelectedButton() {
  const { selectedIds, sort } = useListContext();
  const dp = useAdminData();
  const { busy, run } = useNotifyingAction('Eksporten mislyktes');
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => run(() => dp.exportCsv('users', { filter: { id: selectedIds }, sort }))}
    >
      Eksporter valgte
    </Button>
  );
}

/** What the mentor can do with the selected students. */
export function StudentBulkActions() {
  return (
    <>
      <BulkGrantButton />
      <ExportSelectedButton />
    </>
  );
}
