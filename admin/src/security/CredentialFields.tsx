import TextField, { type OutlinedTextFieldProps } from '@mui/material/TextField';
import { useCallback, useState } from 'react';

/** The e-mail address, password and one-time code as a form holds them while the admin types. */
export function useCredentials() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  /** Forgets the secrets (the address stays, to sign in again as the same account). */
  const clear = useCallback(() => {
    setPassword('');
    setCode('');
  }, []);
  const clearCode = useCallback(() => setCode(''), []);
  /** True until the password (and the code, when the form asks for one) is filled in. */
  const incomplete = (withCode: boolean) => !password || (withCode && !code.trim());
  return { email, setEmail, password, setPassword, code, setCode, clear, clearCode, incomplete };
}

export type Credentials = ReturnType<typeof useCredentials>;

/** One input: its name and label, and what a form may add to them. */
type FieldSpec = Pick<OutlinedTextFieldProps, 'name' | 'label' | 'helperText' | 'autoFocus'>;

/**
 * How a form sets its credential inputs: one under the other at full width (sign-in, the
 * re-authentication dialog), or small in a row with the button (the Sikkerhet page).
 */
const LAYOUTS = {
  stacked: { fullWidth: true, margin: 'dense' },
  inline: { size: 'small' },
} as const;

/**
 * What the code input takes: the six digits from the app only (confirming enrolment), or those or
 * a recovery code (letters too: no capitals or spelling fixes forced on it).
 */
const CODE_INPUTS = {
  app: { inputMode: 'numeric', maxLength: 8 },
  appOrRecovery: { inputMode: 'text', autoCapitalize: 'none', spellCheck: false, maxLength: 64 },
} as const;

interface CredentialFieldsProps {
  credentials: Credentials;
  /** Ask for the account's e-mail address (signing in). */
  email?: FieldSpec;
  /** Ask for the account's current password. */
  password?: FieldSpec;
  /** Ask for the one-time code (after the password when both are asked for). */
  code?: FieldSpec;
  codeKind?: keyof typeof CODE_INPUTS;
  layout?: keyof typeof LAYOUTS;
  required?: boolean;
}

/**
 * The inputs of every form that asks who the admin is, in this order: e-mail, password, one-time
 * code, each when asked for. Signing in, re-authentication before a refund or grant, and turning
 * two-factor sign-in on and off. Browsers and password managers fill in what they have saved.
 */
export function CredentialFields({
  credentials,
  email,
  password,
  code,
  codeKind = 'appOrRecovery',
  layout = 'stacked',
  required = false,
}: CredentialFieldsProps) {
  const input = (spec: FieldSpec | undefined, value: string, set: (v: string) => void, props: Partial<OutlinedTextFieldProps>) =>
    spec && (
      <TextField
        {...LAYOUTS[layout]}
        required={required}
        {...spec}
        {...props}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
    );
  return (
    <>
      {input(email, credentials.email, credentials.setEmail, { type: 'email', autoComplete: 'username' })}
      {input(password, credentials.password, credentials.setPassword, { type: 'password', autoComplete: 'current-password' })}
      {input(code, credentials.code, credentials.setCode, {
        autoComplete: 'one-time-code',
        slotProps: { htmlInput: CODE_INPUTS[codeKind] },
      })}
    </>
  );
}
