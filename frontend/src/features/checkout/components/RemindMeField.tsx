import { CHECKOUT_REMINDER_TEXT } from '@academy/contracts';

/**
 * «Send meg en påminnelse hvis jeg ikke fullfører» (docs/decisions.md "Checkout reminders"): never
 * ticked to begin with; ticked, it is the consent to at most two reminders (markedsføringsloven § 15).
 */
export function RemindMeField({ id, checked, onChange }: { id: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="checkout-waiver checkout-remind" data-testid="checkout-remind">
      <label className="checkout-waiver__label">
        <input
          type="checkbox"
          name="remindMe"
          checked={checked}
          aria-describedby={`${id}-remind-terms`}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{CHECKOUT_REMINDER_TEXT}</span>
      </label>
      <p id={`${id}-remind-terms`} className="checkout-waiver__terms">
        Vi sender høyst to e-poster, etter én time og etter ett døgn, med en lenke tilbake hit. Ingen etter at du har betalt, og
        du kan melde deg av i hver e-post.
      </p>
    </div>
  );
}
