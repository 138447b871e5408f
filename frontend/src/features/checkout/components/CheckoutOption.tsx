import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import './CheckoutOption.css';

/** A radio button as a card (the programme, the payment method): title, a line under it, and what goes on the right. */
export function CheckoutOption({
  name,
  value,
  checked,
  onSelect,
  title,
  desc,
  aside,
  pay = false,
  disabled = false,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  title: ReactNode;
  desc: ReactNode;
  aside?: ReactNode;
  /** The payment method's smaller card. */
  pay?: boolean;
  /** Shown but not available now; `desc` says why. */
  disabled?: boolean;
}) {
  return (
    <label
      className={cx(
        'checkout-option',
        pay && 'checkout-option--pay',
        checked && 'checkout-option--selected',
        disabled && 'checkout-option--disabled',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="checkout-option__radio"
      />
      <span className="checkout-option__body">
        <span className="checkout-option__title">{title}</span>
        <span className="checkout-option__desc">{desc}</span>
      </span>
      {aside}
    </label>
  );
}
