import { looksLikeEmail } from '@academy/contracts';
import { useRef, useState } from 'react';
import { CHECKOUT_COPY as T } from '../content';

/** The buyer's details the order needs, in the order the form asks for them. */
export type BuyerField = 'email' | 'first' | 'last' | 'terms' | 'risk';
export const BUYER_FIELDS: readonly BuyerField[] = ['email', 'first', 'last', 'terms', 'risk'];

export interface BuyerValues {
  email: string;
  first: string;
  last: string;
  terms: boolean;
  risk: boolean;
}

/** Each field's rule: what it says under itself when it is missing (or, for the address, not an address). */
const RULES: { [F in BuyerField]: (value: BuyerValues[F]) => string | null } = {
  email: (v) => (looksLikeEmail(v.trim()) ? null : v.trim() ? T.emailInvalid : T.fieldMissing.email),
  first: (v) => (v.trim() ? null : T.fieldMissing.first),
  last: (v) => (v.trim() ? null : T.fieldMissing.last),
  terms: (v) => (v ? null : T.fieldMissing.terms),
  risk: (v) => (v ? null : T.fieldMissing.risk),
};

const ruleOf = <F extends BuyerField>(f: F, values: BuyerValues) => RULES[f](values[f]);

/**
 * The buyer's details: their values (the address of the account when signed in), what is still
 * missing in the form's order, and each field's error once a submit has found fields missing.
 * `uid` names the error paragraphs (`${uid}-${field}-error`) the inputs are described by.
 */
export function useCheckoutForm(uid: string, initial: BuyerValues, lockedEmail: string | null) {
  const [state, setState] = useState(initial);
  /** Set by a submit with fields missing: from then on each missing field says so under itself. */
  const [showErrors, setShowErrors] = useState(false);
  const inputs = useRef<Partial<Record<BuyerField, HTMLInputElement | null>>>({});

  const values: BuyerValues = { ...state, email: lockedEmail ?? state.email };
  const missing = BUYER_FIELDS.filter((f) => ruleOf(f, values) !== null);
  const errorOf = (f: BuyerField): string | null => (showErrors ? ruleOf(f, values) : null);
  const errorId = (f: BuyerField) => `${uid}-${f}-error`;

  return {
    values,
    missing,
    errorOf,
    errorId,
    set: <F extends BuyerField>(f: F, value: BuyerValues[F]) => setState((s) => ({ ...s, [f]: value })),
    /** The input's validity, its description (its own hint, then its error) and its ref for the focus. */
    field: (f: BuyerField, hint?: string) => ({
      'aria-invalid': errorOf(f) ? (true as const) : undefined,
      'aria-describedby': [hint, errorOf(f) ? errorId(f) : undefined].filter(Boolean).join(' ') || undefined,
      ref: (el: HTMLInputElement | null) => {
        inputs.current[f] = el;
      },
    }),
    /**
     * Before sending: with fields missing, each says so under itself (and the button beside it) and the
     * first one gets focus; false then.
     */
    validate: (): boolean => {
      if (missing.length === 0) return true;
      setShowErrors(true);
      inputs.current[missing[0]]?.focus();
      return false;
    },
  };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
