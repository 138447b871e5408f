import UndoIcon from '@mui/icons-material/Undo';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GUARANTEE_DAYS, type AdminOrderDetail } from '@academy/contracts';
import { useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { FormError } from '../lib/FormError';
import { formatKr, parseKr } from '../lib/money';
import { useFormAction } from '../lib/useFormAction';

/**
 * 'Refunder': the whole remaining amount or a part of it, with a reason. Goes through the payment
 * provider; its errors are shown as the server words them (plain Norwegian).
 */
export function RefundButton() {
  const order = useRecordContext<AdminOrderDetail>();
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { busy, error, run } = useFormAction();
  if (!order || order.refundableOre <= 0) return null;

  const partialOre = kind === 'partial' ? parseKr(amount) : null;
  const amountInvalid = kind === 'partial' && (partialOre === null || partialOre < 1 || partialOre > order.refundableOre);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (amountInvalid || !reason.trim()) return;
    await run(async () => {
      const res = await dp.refundOrder(Number(order.id), {
        reason: reason.trim(),
        ...(kind === 'partial' && partialOre !== null ? { amount: partialOre } : {}),
      });
      notify(
        res.status === 'refunded'
          ? `Ordren er refundert, og tilgangen til kurset er trukket tilbake`
          : `${formatKr(partialOre)} er refundert`,
        { type: 'success' },
      );
      setOpen(false);
      refresh();
    });
  };

  return (
    <>
      <Button color="error" startIcon={<UndoIcon />} onClick={() => setOpen(true)}>
        Refunder
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="sm">
        <form onSubmit={submit}>
          <DialogTitle>Refunder ordre {order.id}</DialogTitle>
          <DialogContent>
            <Typography gutterBottom>
              Betalt {formatKr(order.amountOre)}
              {order.refundedOre > 0 ? `, allerede refundert ${formatKr(order.refundedOre)}` : ''}. Kan refunderes:{' '}
              {formatKr(order.refundableOre)}.
            </Typography>
            {order.daysSincePurchase !== null ? (
              <Typography gutterBottom color={order.withinGuarantee ? 'success.main' : 'warning.main'}>
                Kjøpt for {order.daysSincePurchase} dager siden –{' '}
                {`${order.withinGuarantee ? 'innenfor' : 'utenfor'} ${GUARANTEE_DAYS}-dagersgarantien.`}
              </Typography>
            ) : null}
            <RadioGroup value={kind} onChange={(e) => setKind(e.target.value as 'full' | 'partial')} row>
              <FormControlLabel value="full" control={<Radio />} label={`Hele beløpet (${formatKr(order.refundableOre)})`} />
              <FormControlLabel value="partial" control={<Radio />} label="Et delbeløp" />
            </RadioGroup>
            {kind === 'full' ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Ved full refusjon mister eleven tilgangen til kurset.
              </Typography>
            ) : (
              <TextField
                label="Beløp i kroner"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                error={amount !== '' && amountInvalid}
                helperText={
                  amount !== '' && amountInvalid ? `Skriv et beløp mellom 0,01 og ${formatKr(order.refundableOre)}` : ' '
                }
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                fullWidth
                margin="dense"
              />
            )}
            <TextField
              label="Begrunnelse"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <FormError error={error} sx={{ mt: 1 }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              Avbryt
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={busy || amountInvalid || !reason.trim()}>
              {busy ? 'Refunderer …' : 'Refunder'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
