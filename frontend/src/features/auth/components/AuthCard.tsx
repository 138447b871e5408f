import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Field, Input } from '../../../components/Form';
import { Card } from '../../../components/Layout';
import { MemberPage } from '../../../components/MemberShell';
import { paths } from '../../../config/paths';
import './AuthCard.css';

/** A sign-in page (log in, mailed link, forgotten or new password): one centred card under the member header. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <MemberPage>
      <div className="auth-page">
        <Card className="auth-card">{children}</Card>
      </div>
    </MemberPage>
  );
}

/** The small links at the foot of the card. */
export function AuthLinks({ children }: { children: ReactNode }) {
  return <div className="auth-links">{children}</div>;
}

export function BackToLogin() {
  return (
    <AuthLinks>
      <Link to={paths.login.href()}>← Tilbake til innlogging</Link>
    </AuthLinks>
  );
}

/** Full-width buttons under a message (no form around them). */
export function AuthActions({ children }: { children: ReactNode }) {
  return (
    <div className="form-stack" style={{ marginTop: 'var(--space-5)' }}>
      {children}
    </div>
  );
}

/** The e-mail field of the sign-in forms; `errorId` names the message it is marked invalid by. */
export function EmailField({
  id,
  value,
  onChange,
  errorId,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  errorId?: string;
}) {
  return (
    <Field id={id} label="E-post">
      <Input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
    </Field>
  );
}
