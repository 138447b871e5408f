import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { DisableTotpRequest, EnableTotpRequest, TotpEnableResponse, TotpSetupResponse } from '@academy/contracts';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { FormError } from '../lib/FormError';
import { errorMessage, postJson } from '../lib/http';
import { useTwoFactorStatus } from '../lib/twoFactorState';
import { useFormAction } from '../lib/useFormAction';
import { CredentialFields, useCredentials } from './CredentialFields';

/** A step's or a part's heading on the page. */
function StepHeading({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Typography component="h3" variant="subtitle1" sx={[{ fontWeight: 600 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Typography>
  );
}

/** The form's error message, then its inputs and button side by side. */
function FormRow({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <>
      <FormError error={error} sx={{ my: 1 }} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }}>{children}</Box>
    </>
  );
}

/** The secret in groups of four, as apps show keys to type by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The otpauth address as an SVG QR code, drawn in the browser (the secret goes to no other server). */
function QrCode({ url, alt }: { url: string; alt: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((s) => live && setSvg(s))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [url]);
  if (!svg) return null;
  return (
    <Box
      role="img"
      aria-label={alt}
      data-testid="totp-qr"
      sx={{ width: 200, height: 200, bgcolor: '#fff', '& svg': { width: '100%', height: '100%' } }}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

/** The recovery codes, shown once right after enrolment: one per line, never wrapped at their dashes. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify(translate('security.copied'));
    } catch {
      // No clipboard (insecure context): the codes are on screen to copy by hand.
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <StepHeading>{translate('security.codes_title')}</StepHeading>
      <Alert severity="warning" sx={{ my: 1 }}>
        {translate('security.codes_note')}
      </Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          display: 'grid',
          // Each code keeps its own cell, as wide as the code: two columns where they fit, one on a phone.
          gridTemplateColumns: 'repeat(auto-fill, minmax(calc(19ch + 3em), 1fr))',
          columnGap: 3,
          rowGap: 0.5,
          pl: 4,
          my: 2,
          maxWidth: 520,
          '& li': { whiteSpace: 'nowrap' },
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={copy}>
          {translate('security.copy')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('security.saved')}
        </Button>
      </Box>
    </Box>
  );
}

/** Enrolment: a new secret (QR and text), confirmed by a code; the recovery codes go to the page, shown once. */
function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const credentials = useCredentials();
  const { busy, error, setError, run } = useFormAction();

  const start = () =>
    run(async () => {
      setSetup(await postJson<TotpSetupResponse>('/api/auth/totp/setup', {}));
    });

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    await run(
      async () => {
        const res = await postJson<TotpEnableResponse>('/api/auth/totp/enable', {
          code: credentials.code.trim(),
        } satisfies EnableTotpRequest);
        notify(translate('security.enabled'), { type: 'success' });
        onEnabled(res.recoveryCodes);
      },
      (err) => {
        setError(errorMessage(err));
        credentials.clearCode();
      },
    );
  };

  if (!setup) {
    return (
      <Box>
        <FormError error={error} sx={{ mb: 1 }} />
        <Button variant="contained" onClick={start} disabled={busy}>
          {translate('security.start')}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" onSubmit={confirm} noValidate>
      <StepHeading>{translate('security.scan')}</StepHeading>
      <Box sx={{ my: 1 }}>
        <QrCode url={setup.otpauthUrl} alt={translate('security.qr_alt')} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('security.manual')}
      </Typography>
      <Typography data-testid="totp-secret" sx={{ fontFamily: 'monospace', fontSize: '1.05rem', my: 1, wordBreak: 'break-all' }}>
        {grouped(setup.secret)}
      </Typography>
      <StepHeading sx={{ mt: 2 }}>{translate('security.confirm_step')}</StepHeading>
      <FormRow error={error}>
        <CredentialFields
          credentials={credentials}
          code={{ name: 'code', label: translate('security.code') }}
          codeKind="app"
          layout="inline"
          required
        />
        <Button type="submit" variant="contained" disabled={busy || !credentials.code.trim()}>
          {translate('security.confirm')}
        </Button>
      </FormRow>
    </Box>
  );
}

/** Turning the factor off: the password and a code (or a recovery code). */
function Disable({ onDone }: { onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const credentials = useCredentials();
  const { busy, error, run } = useFormAction();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => {
      await postJson('/api/auth/totp/disable', {
        password: credentials.password,
        code: credentials.code.trim(),
      } satisfies DisableTotpRequest);
      notify(translate('security.disabled'));
      onDone();
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mt: 3 }}>
      <StepHeading>{translate('security.disable_title')}</StepHeading>
      <Typography variant="body2" color="text.secondary">
        {translate('security.disable_note')}
      </Typography>
      <FormRow error={error}>
        <CredentialFields
          credentials={credentials}
          password={{ name: 'password', label: translate('security.password') }}
          code={{ name: 'code', label: translate('security.code_or_recovery') }}
          layout="inline"
        />
        <Button type="submit" color="error" variant="outlined" disabled={busy || credentials.incomplete(true)}>
          {translate('security.disable')}
        </Button>
      </FormRow>
    </Box>
  );
}

/**
 * 'Sikkerhet': two-factor sign-in for the signed-in account. Reached from the menu, and shown in
 * place of every page while the API requires enrolment (TOTP_ENROLMENT_REQUIRED).
 */
export function SecurityPage({ forced = false }: { forced?: boolean }) {
  const translate = useTranslate();
  const { status, loading, error, refresh } = useTwoFactorStatus(true);
  // The codes of the enrolment just confirmed: the factor is on from then, though the shared status
  // is read again only when the mentor has saved them (a forced enrolment's page would go away).
  const [codes, setCodes] = useState<string[] | null>(null);
  if (loading) return <Loading />;

  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title={translate('security.title')} />
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {translate('security.heading')}
        </Typography>
        {error || !status ? (
          <Alert severity="error">{translate('security.load_error')}</Alert>
        ) : (
          <>
            {forced && (
              <Alert severity="warning" sx={{ mb: 2 }} role="alert">
                {translate('security.required')}
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('security.intro')}
            </Typography>
            {codes ? (
              <>
                <Alert severity="success" data-testid="totp-status">
                  {translate('security.status_on')}
                </Alert>
                <RecoveryCodes
                  codes={codes}
                  onDone={() => {
                    setCodes(null);
                    void refresh();
                  }}
                />
              </>
            ) : status.enabled ? (
              <>
                <Alert severity="success" data-testid="totp-status">
                  {translate('security.status_on')} {translate('security.codes_left', { smart_count: status.recoveryCodesLeft })}
                </Alert>
                <Disable onDone={() => void refresh()} />
              </>
            ) : (
              <>
                <Typography sx={{ mb: 2 }} data-testid="totp-status">
                  {translate('security.status_off')}
                </Typography>
                <Enrol onEnabled={setCodes} />
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
