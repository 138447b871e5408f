import type { MembershipView } from '@academy/contracts';
import { useEffect, useRef, useState } from 'react';
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
  // Where focus goes once the panel has changed (never left on a button that is gone), and what the
  // live region says about the new status.
  const [focusNext, setFocusNext] = useState<'confirm' | 'cancel-button' | 'status' | null>(null);
  const [announced, setAnnounced] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const sub = m.subscription;
  const ends = formatLongDateOslo(m.endsAt);
  const fail = (e: unknown) => setError(e instanceof ApiError ? e.message : 'Noe gikk galt. Prøv igjen.');

  useEffect(() => {
    if (!focusNext) return;
    const el = root.current?.querySelector<HTMLElement>(`[data-focus="${focusNext}"]`);
    el?.focus();
    setFocusNext(null);
  }, [focusNext, confirming, m]);

  const run = (what: 'cancel-renewal' | 'resume-renewal') => {
    setError(null);
    action.mutate(what, {
      onSuccess: (data) => {
        setConfirming(false);
        const now = data.memberships.find((x) => x.productId === m.productId);
        setAnnounced(
          what === 'cancel-renewal'
            ? `Fornyelsen er sagt opp. Medlemskapet varer til ${formatLongDateOslo(now?.endsAt ?? m.endsAt)} og slutter da. ` +
                'Du får en bekreftelse på e-post.'
            : `Fornyelsen er slått på igjen${
                now?.renewsAt && now.renewalPriceOre !== null
                  ? `: ${m.title} fornyes automatisk ${formatLongDateOslo(now.renewsAt)} for ${formatPriceKr(now.renewalPriceOre)}`
                  : ''
              }. Du får en bekreftelse på e-post.`,
        );
        setFocusNext('status');
      },
      onError: fail,
    });
  };
  const askCancel = () => {
    setError(null);
    setAnnounced('');
    setConfirming(true);
    setFocusNext('confirm');
  };
  const keep = () => {
    setConfirming(false);
    setAnnounced('Fornyelsen er beholdt.');
    setFocusNext('cancel-button');
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
    <div className="membership-renewal" data-testid={`membership-renewal-${m.productId}`} ref={root}>
      <p className="sr-only" role="status" data-testid="membership-announce">
        {announced}
      </p>
      {m.renews && m.renewsAt && m.renewalPriceOre !== null && m.renewalMethod ? (
        <p data-testid="membership-renews" data-focus="status" tabIndex={-1}>
          <strong>
            Fornyes automatisk {formatLongDateOslo(m.renewsAt)} for {formatPriceKr(m.renewalPriceOre)}
          </strong>{' '}
          (trekkes fra {METHOD[m.renewalMethod]}, 12 nye måneder). Du kan si opp når som helst før det
          {m.renewalMethod === 'vipps' ? ', her eller i Vipps-appen' : ''}.
        </p>
      ) : sub?.cancelAtPeriodEnd ? (
        <p data-testid="membership-renews" data-focus="status" tabIndex={-1}>
          Du har sagt opp fornyelsen. Medlemskapet varer til {ends} og slutter da.
          {sub.method === 'vipps' &&
            ' Vipps-avtalen er stoppet og kan ikke startes igjen; vil du fornye, velger du automatisk fornyelse på nytt når du fornyer.'}
        </p>
      ) : (
        <p data-testid="membership-renews" data-focus="status" tabIndex={-1}>
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
          <p id={`confirm-${m.productId}`} data-focus="confirm" tabIndex={-1}>
            Vil du si opp? {m.title} fornyes da ikke, og medlemskapet slutter {ends}. Du beholder tilgangen til da.
          </p>
          <p className="membership__actions">
            <Button size="sm" busy={action.isPending} disabled={action.isPending} onClick={() => run('cancel-renewal')}>
              Ja, si opp
            </Button>
            <Button size="sm" variant="secondary" disabled={action.isPending} onClick={keep}>
              Nei, behold fornyelsen
            </Button>
          </p>
        </div>
      ) : (
        sub && (
          <p className="membership__actions">
            {m.renews && (
              <Button size="sm" variant="secondary" onClick={askCancel} data-focus="cancel-button">
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
