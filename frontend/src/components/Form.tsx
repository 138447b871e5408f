import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../lib/class-names';
import './Form.css';

/** A text input in the site's style (`ref` passes through). */
export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input className={cx('input', className)} {...rest} />;
}

/** A label above its control, and an optional hint below it. */
export function Field({
  id,
  label,
  hint,
  hintId,
  children,
}: {
  /** The control's id (the label points at it). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}

export type FormStatus = { kind: 'error' | 'success'; text: string } | null;

/** A form's outcome: an error is announced at once (alert), a success politely (status). */
export function FormMessage({ kind, id, children }: { kind: 'error' | 'success'; id?: string; children: ReactNode }) {
  return (
    <p id={id} className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** {@link FormMessage} for a status that may be empty. */
export function StatusMessage({ status, id }: { status: FormStatus; id?: string }) {
  if (!status) return null;
  return (
    <FormMessage kind={status.kind} id={id}>
      {status.text}
    </FormMessage>
  );
}
