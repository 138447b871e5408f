import { RISK_ACKNOWLEDGEMENT_TEXT } from '@academy/contracts';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { paths } from '../../../config/paths';
import { CHECKOUT_COPY as T } from '../content';
import type { BuyerField, CheckoutForm } from '../hooks/useCheckoutForm';
import { CheckoutField } from './CheckoutField';
import { VippsFill, type VippsFillOrder } from './VippsFill';

/** A field's error under it, once a submit has found it missing. */
function FieldError({ form, field }: { form: CheckoutForm; field: BuyerField }) {
  const text = form.errorOf(field);
  return (
    text && (
      <p id={form.errorId(field)} className="checkout-field__error">
        {text}
      </p>
    )
  );
}

/**
 * "Dine opplysninger": the e-mail (the account's, read-only, when signed in), first and last name; for a
 * signed-out buyer «Fyll ut med Vipps» first (`order`: what the form is about, kept while at Vipps).
 */
export function BuyerFields({
  uid,
  form,
  lockedEmail,
  order,
}: {
  uid: string;
  form: CheckoutForm;
  lockedEmail: string | null;
  order?: VippsFillOrder;
}) {
  const { values } = form;
  return (
    <fieldset className="checkout-fieldset">
      <legend className="checkout-card__title">{T.detailsTitle}</legend>
      {!lockedEmail && order && <VippsFill form={form} order={order} />}
      <CheckoutField
        id={`${uid}-email`}
        label={T.email}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        readOnly={!!lockedEmail}
        aria-readonly={lockedEmail ? true : undefined}
        {...form.field('email', lockedEmail ? `${uid}-email-hint` : undefined)}
        onChange={(e) => form.set('email', e.target.value)}
      >
        {lockedEmail && (
          <p id={`${uid}-email-hint`} className="checkout-field__hint">
            <Icon name="lock" size={14} /> {T.signedInAs}
          </p>
        )}
        <FieldError form={form} field="email" />
      </CheckoutField>
      <div className="checkout-field-row">
        {(
          [
            ['first', T.firstName, 'firstName', 'given-name'],
            ['last', T.lastName, 'lastName', 'family-name'],
          ] as const
        ).map(([key, label, name, autoComplete]) => (
          <CheckoutField
            key={key}
            id={`${uid}-${key}`}
            label={label}
            type="text"
            name={name}
            autoComplete={autoComplete}
            maxLength={100}
            required
            value={values[key]}
            {...form.field(key)}
            onChange={(e) => form.set(key, e.target.value)}
          >
            <FieldError form={form} field={key} />
          </CheckoutField>
        ))}
      </div>
    </fieldset>
  );
}

/** The two ticks the order needs (the right of withdrawal waived, the risk understood) and the terms. */
export function BuyerConsents({ form }: { form: CheckoutForm }) {
  const ticks = [
    ['terms', 'acceptTerms', T.waiver],
    ['risk', 'acceptRisk', `${RISK_ACKNOWLEDGEMENT_TEXT}.`],
  ] as const;
  return (
    <div className="checkout-waiver">
      {ticks.map(([key, name, text]) => (
        <Tick key={key} form={form} field={key} name={name} text={text} />
      ))}
      <p className="checkout-waiver__terms">
        {T.waiverTermsLead}{' '}
        <Link to={paths.terms.href()} target="_blank" rel="noopener">
          {T.waiverTermsLink}
        </Link>
        .
      </p>
    </div>
  );
}

function Tick({ form, field, name, text }: { form: CheckoutForm; field: 'terms' | 'risk'; name: string; text: string }) {
  return (
    <>
      <label className="checkout-waiver__label">
        <input
          type="checkbox"
          name={name}
          checked={form.values[field]}
          {...form.field(field)}
          onChange={(e) => form.set(field, e.target.checked)}
        />
        <span>{text}</span>
      </label>
      <FieldError form={form} field={field} />
    </>
  );
}
