import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
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
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { FormError } from '../lib/FormError';
import { formatKr, parseKr } from '../lib/money';
import { useFormAction } from '../lib/useFormAction';

type Kind = 'full' | 'partial' | 'both';

/**
 * 'Refunder': the whole remaining amount («Refunder resten» once a part has gone back) or a part of
 * it, with a reason. Every opening starts afresh on the whole remaining amount with no reason: a
 * partial refund's amount and reason never carry over to the next. Goes through the payment
 * provider; its errors are shown as the server words them (plain Norwegian). An order whose money is
 * the credit of a paid upgrade says so before anything is confirmed: alone it refunds only what is
 * not tied up (the student keeps the upgrade), or both orders are refunded together in full. A
 * payment refused when it landed gave no access: its refund takes nothing from the buyer.
 */
export function RefundButton() {
  const translate = useTranslate();
  const order = useRecordContext<AdminOrderDetail>();
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { busy, error, run } = useFormAction();
  if (!order) return null;
  const refused = !!order.refusal;
  const openFresh = () => {
    setKind(null);
    setAmount('');
    setReason('');
    setOpen(true);
  };
  const tiedOre = order.creditTiedOre ?? 0;
  const upgradeId = order.creditTiedToOrderId;
  const tied = tiedOre > 0 && upgradeId !== null;
  const bothOre = tied ? order.refundWithUpgradeOre : 0;
  if (order.refundableOre <= 0 && bothOre <= 0) return null;
  // What is left on this order, and what refunding the upgrade as well adds.
  const leftOre = order.refundableOre + (tied ? tiedOre : 0);
  const upgradeLeftOre = bothOre - leftOre;
  const chosen: Kind = kind ?? (order.refundableOre > 0 ? 'full' : 'both');

  const partialOre = chosen === 'partial' ? parseKr(amount) : null;
  const amountInvalid = chosen === 'partial' && (partialOre === null || partialOre < 1 || partialOre > order.refundableOre);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (amountInvalid || !reason.trim()) return;
    await run(async () => {
      const res = await dp.refundOrder(Number(order.id), {
        reason: reason.trim(),
        ...(chosen === 'partial' && partialOre !== null ? { amount: partialOre } : {}),
        // Alone, an order with a tied credit names its amount: what is not tied up.
        ...(chosen === 'full' && tied ? { amount: order.refundableOre } : {}),
        ...(chosen === 'both' ? { withUpgrade: true } : {}),
      });
      notify(
        chosen === 'both'
          ? `Begge ordrene er refundert (${formatKr(bothOre)}), og tilgangen til kursene er trukket tilbake`
          : refused
            ? `Den avviste betalingen er refundert (${formatKr(order.refundableOre)})`
            : res.status === 'refunded'
              ? `Ordren er refundert, og tilgangen til kurset er trukket tilbake`
              : `${formatKr(chosen === 'full' ? order.refundableOre : partialOre)} er refundert`,
        { type: 'success' },
      );
      setOpen(false);
      refresh();
    });
  };

  return (
    <>
      <Button color="error" startIcon={<UndoIcon />} onClick={openFresh}>
        Refunder
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="sm">
        <form onSubmit={submit}>
          <DialogTitle>Refunder ordre {order.id}</DialogTitle>
          <DialogContent>
            <Typography gutterBottom>
              Betalt {formatKr(order.amountOre)}
              {order.refundedOre > 0 ? `, allerede refundert ${formatKr(order.refundedOre)}` : ''}.{' '}
              {tied ? 'Kan refunderes alene:' : 'Kan refunderes:'} {formatKr(order.refundableOre)}.
            </Typography>
            {order.daysSincePurchase !== null && !refused ? (
              <Typography gutterBottom color={order.withinGuarantee ? 'success.main' : 'warning.main'}>
                Kjøpt for {order.daysSincePurchase} dager siden –{' '}
                {`${order.withinGuarantee ? 'innenfor' : 'utenfor'} ${GUARANTEE_DAYS}-dagersgarantien.`}
              </Typography>
            ) : null}
            {tied ? (
              <Alert severity="warning" sx={{ my: 1 }} data-testid="refund-credit-tied">
                {formatKr(tiedOre)} av denne betalingen er brukt som oppgraderingsrabatt på ordre {upgradeId}. Den delen kan bare
                refunderes sammen med oppgraderingen.
              </Alert>
            ) : null}
            <RadioGroup value={chosen} onChange={(e) => setKind(e.target.value as Kind)} row>
              <FormControlLabel
                value="full"
                control={<Radio />}
                disabled={order.refundableOre <= 0}
                label={
                  tied
                    ? `Bare det som ikke er brukt som rabatt (${formatKr(order.refundableOre)})`
                    : order.refundedOre > 0
                      ? `Refunder resten (${formatKr(order.refundableOre)})`
                      : `Hele beløpet (${formatKr(order.refundableOre)})`
                }
              />
              {refused ? null : (
                <FormControlLabel
                  value="partial"
                  control={<Radio />}
                  disabled={order.refundableOre <= 0}
                  label={translate('panel.orders.etDelbelop')}
                />
              )}
              {tied ? (
                <FormControlLabel value="both" control={<Radio />} label={`Begge ordrene sammen (${formatKr(bothOre)})`} />
              ) : null}
            </RadioGroup>
            {chosen === 'both' ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="refund-outcome">
                Først refunderes oppgraderingen, ordre {upgradeId} ({formatKr(upgradeLeftOre)}), deretter denne ordren (
                {formatKr(leftOre)}). Til sammen {formatKr(bothOre)}. Eleven mister tilgangen til begge kursene.
              </Typography>
            ) : chosen === 'full' ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="refund-outcome">
                {refused
                  ? 'Betalingen ble avvist da den kom inn, så kjøperen fikk ingen tilgang gjennom denne ordren. Refusjonen tar ikke noe fra kjøperen: et kurs de hadde fra før, beholder de.'
                  : tied
                    ? `${formatKr(order.refundableOre)} refunderes. Eleven beholder tilgangen: oppgraderingen på ordre ${upgradeId} står, med rabatten den fikk.`
                    : order.refundedOre > 0
                      ? `Resten refunderes, ${formatKr(order.refundableOre)}, og eleven mister tilgangen til kurset.`
                      : 'Ved full refusjon mister eleven tilgangen til kurset.'}
              </Typography>
            ) : (
              <TextField
                label={translate('panel.orders.belopIKroner')}
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
              label={translate('panel.orders.begrunnelse')}
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
              {busy ? 'Refunderer …' : chosen === 'both' ? 'Refunder begge ordrene' : 'Refunder'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
