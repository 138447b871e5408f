import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AdminSubscription, AdminUserDetail } from '@academy/contracts';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { ConfirmButton } from '../lib/ConfirmButton';
import { formatDateTime } from '../lib/format';
import { formatKr } from '../lib/money';

const METHOD: Record<AdminSubscription['method'], string> = { card: 'Kort (Stripe)', vipps: 'Vipps' };
const STATUS: Record<AdminSubscription['status'], string> = {
  pending: 'Venter på betaling',
  active: 'Aktiv',
  past_due: 'Trekket feilet',
  ended: 'Avsluttet',
};

/** The rows of the section: what it is, when it charges next, and how a failed renewal stands. */
function rows(s: AdminSubscription): Array<[string, string]> {
  return [
    ['Betaling', METHOD[s.method]],
    ['Status', STATUS[s.status]],
    ['Neste trekk', s.nextChargeAt ? formatDateTime(s.nextChargeAt) : 'Fornyes ikke'],
    ['Pris per år', formatKr(s.priceOre)],
    ['Betalt periode til', formatDateTime(s.currentPeriodEnd)],
    ['Sies opp ved periodens slutt', s.cancelAtPeriodEnd ? 'Ja' : 'Nei'],
    ['Mislykkede trekk', String(s.failedAttempts)],
    ['Tilgang beholdes til (etter feilet trekk)', formatDateTime(s.graceEndsAt)],
    ...(s.endedAt ? ([['Avsluttet', formatDateTime(s.endedAt)]] as Array<[string, string]>) : []),
  ];
}

/**
 * «VIP-abonnement» on the student's page: the automatic renewal as it stands, and «Stopp fornyelse»
 * (the member's «Si opp»: Stripe is told, the student is mailed, the paid period runs to its end).
 */
export function SubscriptionPanel() {
  const user = useRecordContext<AdminUserDetail>();
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!user) return null;
  const s = user.subscription;
  if (!s) return <Typography>Eleven har ikke VIP med automatisk fornyelse.</Typography>;
  return (
    <Box data-testid="subscription-panel" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 0.5 },
          m: 0,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
        }}
      >
        {rows(s).map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {term}
            </Typography>
            <Typography component="dd" variant="body2">
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {s.canStopRenewal && (
        <Box>
          <ConfirmButton
            label="panel.users.stoppFornyelse"
            color="error"
            title="Stoppe den automatiske fornyelsen?"
            content={`Eleven blir ikke trukket igjen, beholder VIP ut den betalte perioden (til ${formatDateTime(s.currentPeriodEnd)}) og får en e-post om at medlemskapet ikke lenger fornyes.`}
            confirmLabel="Stopp fornyelse"
            onConfirm={async () => {
              await dp.stopRenewal(Number(user.id));
              notify('Fornyelsen er stoppet. Eleven har fått e-post.', { type: 'success' });
              refresh();
            }}
          />
        </Box>
      )}
    </Box>
  );
}
