import { MSG, type MeResponse } from '@academy/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button, ButtonAnchor } from '../../../components/Button';
import { Field, FormMessage, Input } from '../../../components/Form';
import { Icon } from '../../../components/Icon';
import { PasswordInput } from '../../../components/PasswordInput';
import { ApiError } from '../../../lib/api';
import { ACCOUNT_EXPORT_URL, deleteAccount } from '../api/account';
import { AccountSection } from './AccountSection';
import './PrivacySection.css';

/**
 * 'Dine data': download everything stored (JSON), or delete the account after confirming. Both belong to
 * whoever proved the address: an unclaimed account (signed in by a purchase) is told to use the mailed
 * link first (the API answers 403 CLAIM_REQUIRED).
 */
export function PrivacySection({ me, onDeleted }: { me: MeResponse; onDeleted: (message: string) => void }) {
  if (!me.claimed) {
    return (
      <AccountSection as="section" aria-labelledby="privacy-heading" data-testid="privacy-claim-required">
        <h2 id="privacy-heading">Dine data</h2>
        <p className="account-section__lead">{MSG.claimRequiredForData}.</p>
      </AccountSection>
    );
  }
  return <PrivacyActions me={me} onDeleted={onDeleted} />;
}

function PrivacyActions({ me, onDeleted }: { me: MeResponse; onDeleted: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmEmail, setConfirmEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (me.passwordSet ? !password : !confirmEmail.trim()) {
      setError(
        me.passwordSet ? 'Skriv inn passordet ditt for å slette kontoen.' : 'Skriv inn e-postadressen din for å slette kontoen.',
      );
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await deleteAccount(me.passwordSet ? { password } : { confirmEmail });
      onDeleted(res.message);
    } catch (err) {
      console.error('Kunne ikke slette kontoen', err);
      setError(err instanceof ApiError ? err.message : 'Kunne ikke slette kontoen. Prøv igjen.');
      setBusy(false);
    }
  };

  return (
    <AccountSection as="section" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">Dine data</h2>
      <p className="account-section__lead">
        Du kan laste ned alt vi har lagret om deg: konto, kurstilganger, ordrer, fremdrift og henvendelser.
      </p>
      <ButtonAnchor variant="secondary" href={ACCOUNT_EXPORT_URL} download>
        <Icon name="arrowRight" size={18} /> Last ned mine data
      </ButtonAnchor>

      <div className="account-danger">
        <h3>Slett konto</h3>
        {me.role === 'admin' ? (
          <p>Administratorkontoer kan ikke slettes her.</p>
        ) : !open ? (
          <>
            <p>Sletter kontoen, kurstilgangene og fremdriften din. Dette kan ikke angres.</p>
            <Button variant="secondary" className="btn--danger" onClick={() => setOpen(true)}>
              Slett konto
            </Button>
          </>
        ) : (
          <form className="form-stack" onSubmit={onSubmit} noValidate>
            <p>
              Kontoen, kurstilgangene, fremdriften, påmeldingene og alle innlogginger slettes. Ordrene beholdes anonymisert fordi
              bokføringsloven krever det. <strong>Dette kan ikke angres.</strong>
            </p>
            {me.passwordSet ? (
              <PasswordInput
                id="delete-password"
                label="Passord"
                hint="Bekreft med passordet ditt."
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            ) : (
              <Field id={emailId} label={`Skriv inn e-postadressen din (${me.email})`}>
                <Input
                  id={emailId}
                  type="email"
                  autoComplete="off"
                  required
                  value={confirmEmail}
                  onChange={(e) => setConfirmEmail(e.target.value)}
                />
              </Field>
            )}
            {error && <FormMessage kind="error">{error}</FormMessage>}
            <div className="account-danger__actions">
              <Button type="submit" className="btn--danger" busy={busy} disabled={busy}>
                {busy ? 'Sletter...' : 'Slett kontoen min permanent'}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setOpen(false);
                  setError(null);
                }}
                disabled={busy}
              >
                Avbryt
              </Button>
            </div>
          </form>
        )}
      </div>
    </AccountSection>
  );
}
