import { MSG, type MeResponse, type ReauthReason, type TotpSetupResponse } from '@academy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { Field, Input, StatusMessage, type FormStatus } from '../../../components/Form';
import { PasswordInput } from '../../../components/PasswordInput';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import {
  disableTwoFactor,
  enableTwoFactor,
  reauthenticate,
  startTwoFactor,
  twoFactorKey,
  useTwoFactorStatus,
} from '../api/two-factor';
import { AccountSection } from './AccountSection';
import './TwoFactorSection.css';

const INTRO =
  'Med tofaktorinnlogging trenger du både passordet og en engangskode fra en autentiseringsapp (for eksempel Google Authenticator, Microsoft Authenticator eller 1Password) for å logge inn.';

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : MSG.internal);
const needsReauth = (err: unknown) => err instanceof ApiError && err.code === 'REAUTH_REQUIRED';
/** Why the server asks for the password again (docs/decisions.md "Two-factor sign-in"): what the prompt says. */
const reauthReason = (err: unknown): ReauthReason =>
  err instanceof ApiError && (err.body as { reason?: unknown } | undefined)?.reason === 'link' ? 'link' : 'expired';
const REAUTH_LEAD: Record<ReauthReason, string> = {
  link: 'Du logget inn med en lenke fra e-posten, ikke med passordet. Skriv inn passordet ditt før du slår på tofaktorinnlogging.',
  expired: 'Du logget inn for mer enn 15 minutter siden. Skriv inn passordet ditt på nytt før du slår på tofaktorinnlogging.',
};
/** The secret in groups of four, as apps show keys to type by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
const codesLeft = (n: number) => `${n} ${n === 1 ? 'ubrukt gjenopprettingskode' : 'ubrukte gjenopprettingskoder'} igjen.`;

/** The otpauth address as an SVG QR code, drawn in the browser (the secret goes to no other server). */
function QrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((m) => m.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((s) => live && setSvg(s))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [url]);
  if (!svg) return <div className="two-factor__qr two-factor__qr--empty" aria-hidden="true" />;
  return (
    <div
      className="two-factor__qr"
      role="img"
      aria-label="QR-kode for autentiseringsappen"
      data-testid="totp-qr"
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

/** A one-time code field (6 digits, or a recovery code where allowed). */
function CodeInput({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint} hintId={`${id}-hint`}>
      <Input
        id={id}
        type="text"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint`}
        className="two-factor__code-input"
      />
    </Field>
  );
}

/**
 * The session was opened by a mailed link, or its sign-in is older than 15 minutes (docs/decisions.md
 * "Two-factor sign-in"): the password again, then the step that asked for it runs once more. The prompt says
 * which of the two it is.
 */
function Reauth({ reason, onDone, onCancel }: { reason: ReauthReason; onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) return setStatus({ kind: 'error', text: MSG.reauthWrongPassword });
    setBusy(true);
    setStatus(null);
    try {
      await reauthenticate({ password });
      onDone();
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
      setBusy(false);
    }
  };
  return (
    <form className="form-stack" onSubmit={submit} noValidate data-testid="totp-reauth">
      <p className="account-section__lead" data-testid="totp-reauth-reason">
        {REAUTH_LEAD[reason]}
      </p>
      <PasswordInput
        id={`${id}-password`}
        label="Passord"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <StatusMessage status={status} />
      <div className="account-section__actions">
        <Button type="submit" busy={busy} disabled={busy}>
          Bekreft
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Avbryt
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown this once: each on one line (never broken at its dashes), copy or confirm saved. */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [copied, setCopied] = useState<FormStatus>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied({ kind: 'success', text: 'Kodene er kopiert.' });
    } catch {
      setCopied({ kind: 'error', text: 'Kunne ikke kopiere. Merk kodene og kopier dem selv.' });
    }
  };
  return (
    <div className="two-factor__codes-block" data-testid="totp-recovery">
      <h3>Gjenopprettingskoder</h3>
      <p className="account-section__lead">
        Lagre kodene et trygt sted, for eksempel i en passordbehandler. Mister du telefonen, kan du logge inn med én av dem i
        stedet for engangskoden; hver kode virker én gang. Kodene vises bare denne ene gangen.
      </p>
      <ol className="two-factor__codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <StatusMessage status={copied} />
      <div className="account-section__actions">
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          Kopier kodene
        </Button>
        <Button type="button" onClick={onSaved}>
          Jeg har lagret kodene
        </Button>
      </div>
    </div>
  );
}

/** Enrolment: start (the password again when the sign-in is old), scan or type the key, confirm with a code. */
function Enrol({ onEnabled }: { onEnabled: () => void }) {
  const id = useId();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [reauth, setReauth] = useState<ReauthReason | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);

  const start = async () => {
    setBusy(true);
    setStatus(null);
    try {
      setSetup(await startTwoFactor());
      setReauth(null);
    } catch (err) {
      if (needsReauth(err)) setReauth(reauthReason(err));
      else setStatus({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) return setStatus({ kind: 'error', text: 'Skriv inn den sekssifrede koden appen viser.' });
    setBusy(true);
    setStatus(null);
    try {
      setCodes((await enableTwoFactor({ code: typed })).recoveryCodes);
    } catch (err) {
      if (needsReauth(err)) {
        setSetup(null);
        setReauth(reauthReason(err));
      } else setStatus({ kind: 'error', text: errorText(err) });
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodes codes={codes} onSaved={onEnabled} />;
  if (reauth) return <Reauth reason={reauth} onDone={() => void start()} onCancel={() => setReauth(null)} />;
  if (!setup)
    return (
      <>
        <StatusMessage status={status} />
        <Button type="button" onClick={() => void start()} busy={busy} disabled={busy}>
          Slå på tofaktorinnlogging
        </Button>
      </>
    );
  return (
    <form className="form-stack two-factor__enrol" onSubmit={confirm} noValidate data-testid="totp-setup">
      <h3>1. Skann QR-koden med autentiseringsappen</h3>
      <QrCode url={setup.otpauthUrl} />
      <p className="account-section__lead">Får du ikke skannet? Skriv inn denne nøkkelen i appen:</p>
      <p className="two-factor__secret" data-testid="totp-secret">
        {grouped(setup.secret)}
      </p>
      <h3>2. Skriv inn koden appen viser</h3>
      <CodeInput id={`${id}-code`} label="Engangskode" hint="6 sifre fra appen." value={code} onChange={setCode} />
      <StatusMessage status={status} />
      <div className="account-section__actions">
        <Button type="submit" busy={busy} disabled={busy}>
          Bekreft og slå på
        </Button>
        <Button type="button" variant="secondary" onClick={() => setSetup(null)}>
          Avbryt
        </Button>
      </div>
    </form>
  );
}

/** Turning it off: the password and a code (or a recovery code). */
function Disable({ onDisabled }: { onDisabled: (message: string) => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password || !code.trim()) return setStatus({ kind: 'error', text: MSG.fillAllFields });
    setBusy(true);
    setStatus(null);
    try {
      const res = await disableTwoFactor({ password, code: code.trim() });
      onDisabled(res.message);
    } catch (err) {
      setStatus({ kind: 'error', text: errorText(err) });
      setCode('');
      setBusy(false);
    }
  };
  return (
    <form className="form-stack" onSubmit={submit} noValidate data-testid="totp-disable">
      <h3>Slå av tofaktorinnlogging</h3>
      <p className="account-section__lead">Skriv inn passordet ditt og en engangskode (eller en gjenopprettingskode).</p>
      <PasswordInput
        id={`${id}-password`}
        label="Passord"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <CodeInput
        id={`${id}-code`}
        label="Engangskode eller gjenopprettingskode"
        hint="6 sifre fra appen, eller en av gjenopprettingskodene."
        value={code}
        onChange={setCode}
      />
      <StatusMessage status={status} />
      <Button type="submit" variant="secondary" busy={busy} disabled={busy}>
        Slå av
      </Button>
    </form>
  );
}

/**
 * 'Tofaktorinnlogging' in the account settings: on or off, enrolment with a QR code or the key, the
 * recovery codes once, turning it off. Enrolment needs a claimed address and a recent sign-in (the
 * password again otherwise), as docs/decisions.md "Two-factor sign-in" says.
 */
export function TwoFactorSection({ me }: { me: MeResponse }) {
  const qc = useQueryClient();
  const status = useTwoFactorStatus(me.id);
  const [done, setDone] = useState<FormStatus>(null);
  const refresh = (message: string) => {
    setDone({ kind: 'success', text: message });
    void qc.invalidateQueries({ queryKey: twoFactorKey(me.id) });
  };

  let body;
  if (status.isPending) body = <p className="account-section__lead">Henter …</p>;
  else if (status.error || !status.data)
    body = <StatusMessage status={{ kind: 'error', text: 'Kunne ikke hente innstillingen. Last inn siden på nytt.' }} />;
  else if (status.data.enabled)
    body = (
      <>
        <p className="two-factor__state" data-testid="totp-state">
          <strong>Tofaktorinnlogging er på.</strong> {codesLeft(status.data.recoveryCodesLeft)}
        </p>
        <Disable onDisabled={(m) => refresh(m)} />
      </>
    );
  else if (!me.claimed)
    body = (
      <p className="account-section__lead" data-testid="totp-claim">
        {MSG.claimRequiredForTotp}. Finner du ikke e-posten?{' '}
        <Link to={paths.forgotPassword.href()}>Få en ny lenke på e-post</Link>.
      </p>
    );
  else
    body = (
      <>
        <p className="two-factor__state" data-testid="totp-state">
          Tofaktorinnlogging er av.
        </p>
        <Enrol onEnabled={() => refresh('Tofaktorinnlogging er slått på.')} />
      </>
    );

  return (
    <AccountSection as="section" data-testid="two-factor" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Tofaktorinnlogging</h2>
      <p className="account-section__lead">{INTRO}</p>
      <StatusMessage status={done} />
      {body}
    </AccountSection>
  );
}
