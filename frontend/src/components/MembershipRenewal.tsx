import type { MembershipView } from '@academy/contracts';
import { useState } from 'react';
import { ApiError } from '../lib/api';
import { formatLongDateOslo, formatPriceKr } from '../lib/format';
import { openCardPortal, useRenewalAction } from '../lib/membership';
import { Button } from './Button';

const METHOD = { card: 'kortet ditt', vipps: 'Vipps' } as const;

/**
 * The renewal of a membership on the member's VIP page (docs/decisions.md "Automatic renewal"):
 * whether it renews, when, for how much and how; «Si opp» with a confirmation; «Slå på fornyelse
 * igjen» while the period runs; the card in Stripe's portal; a failed charge's grace; the receipts.
 */
export function MembershipRenewal({ m, userId }: { m: MembershipView; userId: number }) {
  const action = useRenewalAction(userId);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [portalBusy, setPortalBusy] = useState(false);
  const sub = m.subscription;
  const ends = formatLongDateOslo(m.endsAt);
  const fail = (e: unknown) => setError(e instanceof ApiError ? e.message : 'Noe gikk galt. Prøv igjen.');

  const run = (what: 'cancel-renewal' | 'resume-renewal') => {
    setError(null);
    action.mutate(what, { onSuccess: () => setConfirming(false), onError: fail });
  };
  const portal = async () => {
    setError(null);
    setPortalBusy(true);
    try {
      window.location.assign((await openCardPortal()).url);
    } catch (e) {
      fail(e);
      setPortalBusy(false);
    }
  };

  return (
    <div className="membership-renewal" data-testid={`membership-renewal-${m.productId}`}>
      {m.renews && m.renewsAt && m.renewalPriceOre !== null && m.renewalMethod ? (
        <p data-testid="membership-renews">
          <strong>
            Fornyes automatisk {formatLongDateOslo(m.renewsAt)} for {formatPriceKr(m.renewalPriceOre)}
          </strong>{' '}
          (trekkes fra {METHOD[m.renewalMethod]}, 12 nye måneder). Du kan si opp når som helst før det
          {m.renewalMethod === 'vipps' ? ', her eller i Vipps-appen' : ''}.
        </p>
      ) : sub?.cancelAtPeriodEnd ? (
        <p data-testid="membership-renews">
          Du har sagt opp fornyelsen. Medlemskapet varer til {ends} og slutter da.
          {sub.method === 'vipps' &&
            ' Vipps-avtalen er stoppet og kan ikke startes igjen; vil du fornye, velger du automatisk fornyelse på nytt når du fornyer.'}
        </p>
      ) : (
        <p data-testid="membership-renews">
          Medlemskapet fornyes ikke automatisk. Fornyer du før {ends}, legges de nye månedene til fra {ends}.
        </p>
      )}
      {sub?.status === 'past_due' && sub.graceEndsAt && (
        <p className="membership-renewal__warning" role="status">
          {sub.method === 'vipps'
            ? `Vi fikk ikke trukket fornyelsen med Vipps. Du har tilgang til ${formatLongDateOslo(sub.graceEndsAt)}; ` +
              'sjekk kortet i Vipps-appen og forny her før det.'
            : `Vi fikk ikke trukket fornyelsen. Du har tilgang til ${formatLongDateOslo(sub.graceEndsAt)} mens du ` +
              'oppdaterer kortet; betalingen prøves igjen automatisk.'}
        </p>
      )}
      {error && (
        <p className="membership-renewal__error" role="alert">
          {error}
        </p>
      )}
      {confirming ? (
        <div className="membership-renewal__confirm" role="group" aria-labelledby={`confirm-${m.productId}`}>
          <p id={`confirm-${m.productId}`}>
            Vil du si opp? {m.title} fornyes da ikke, og medlemskapet slutter {ends}. Du beholder tilgangen til da.
          </p>
          <p className="membership__actions">
            <Button size="sm" busy={action.isPending} disabled={action.isPending} onClick={() => run('cancel-renewal')}>
              Ja, si opp
            </Button>
            <Button size="sm" variant="secondary" disabled={action.isPending} onClick={() => setConfirming(false)}>
              Nei, behold fornyelsen
            </Button>
          </p>
        </div>
      ) : (
        sub && (
          <p className="membership__actions">
            {m.renews && (
              <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
                Si opp
              </Button>
            )}
            {sub.canResume && (
              <Button size="sm" busy={action.isPending} disabled={action.isPending} onClick={() => run('resume-renewal')}>
                Slå på fornyelse igjen
              </Button>
            )}
            {sub.canChangeCard && (m.renews || sub.status === 'past_due') && (
              <Button size="sm" variant="secondary" busy={portalBusy} disabled={portalBusy} onClick={() => void portal()}>
                Endre kort
              </Button>
            )}
          </p>
        )
      )}
      {m.receipts.length > 0 && (
        <details className="membership-renewal__receipts">
          <summary>Kvitteringer ({m.receipts.length})</summary>
          <ul>
            {m.receipts.map((r) => (
              <li key={r.number}>
                <a href={r.pdfPath} download>
                  Kvittering nr. {r.number}, {formatLongDateOslo(r.issuedAt)}, {formatPriceKr(r.totalOre)} (PDF)
                </a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
