import { useState, type InputHTMLAttributes } from 'react';

/** A password field with its own show/hide toggle. */
export function PasswordInput({
  id,
  label,
  hint,
  ...rest
}: { id: string; label: string; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="password-input">
        <input id={id} type={visible ? 'text' : 'password'} className="input" {...rest} />
        <button
          type="button"
          className="password-input__toggle"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? `Skjul ${label.toLowerCase()}` : `Vis ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Skjul' : 'Vis'}
        </button>
      </div>
      {hint && <span className="field__hint">{hint}</span>}
    </div>
  );
}
