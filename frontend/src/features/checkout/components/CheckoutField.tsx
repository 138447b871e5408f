import type { ComponentProps, ReactNode } from 'react';
import { Input } from '../../../components/Form';
import './CheckoutField.css';

/** A labelled input of the buyer's details; `children` go under it (a hint). */
export function CheckoutField({
  id,
  label,
  children,
  ...input
}: { id: string; label: string; children?: ReactNode } & ComponentProps<typeof Input>) {
  return (
    <div className="checkout-field">
      <label className="checkout-field__label" htmlFor={id}>
        {label}
      </label>
      <Input id={id} {...input} />
      {children}
    </div>
  );
}
