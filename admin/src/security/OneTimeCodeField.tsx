import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField, { type OutlinedTextFieldProps } from '@mui/material/TextField';

/** What the credential fields take: a controlled string value and the usual TextField layout props. */
type CredentialFieldProps = Pick<
  OutlinedTextFieldProps,
  'name' | 'label' | 'helperText' | 'slotProps' | 'size' | 'required' | 'autoFocus' | 'fullWidth' | 'margin'
> & {
  value: string;
  onChange: (value: string) => void;
};

/** The code from the authenticator app (or a recovery code); browsers and password managers offer it. */
export function OneTimeCodeField({ onChange, ...props }: CredentialFieldProps) {
  return <TextField {...props} autoComplete="one-time-code" onChange={(e) => onChange(e.target.value)} />;
}

/** The signed-in account's current password. */
export function PasswordField({ onChange, ...props }: CredentialFieldProps) {
  return <TextField {...props} type="password" autoComplete="current-password" onChange={(e) => onChange(e.target.value)} />;
}

/** The server's (Norwegian) error message for a form, announced to screen readers; nothing when there is none. */
export function FormError({ error, sx }: { error: string | null; sx?: SxProps<Theme> }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={sx} role="alert">
      {error}
    </Alert>
  );
}
