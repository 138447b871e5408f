import type { CheckoutCourseId, PaymentMethod } from '@academy/contracts';
import { OrDivider, VippsLoginButton } from '../../../components/VippsLoginButton';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../lib/app-state';
import { saveCheckoutDraft } from '../draft';
import type { CheckoutForm } from '../hooks/useCheckoutForm';

/** What the order form is about besides the buyer's fields, kept while the buyer is at Vipps. */
export interface VippsFillOrder {
  course: CheckoutCourseId;
  method: PaymentMethod;
  code: string | null;
}

/**
 * «Fyll ut med Vipps» for a signed-out buyer (where the site has Vipps sign-in): the form is kept in
 * this tab, Vipps signs the buyer in (or makes the account) and the browser comes back to the same
 * course with the address and names filled in from the account. Paying stays the buyer's own choice.
 */
export function VippsFill({ form, order }: { form: CheckoutForm; order: VippsFillOrder }) {
  const { vippsLogin } = useSettings();
  if (!vippsLogin) return null;
  const keep = () =>
    saveCheckoutDraft({
      course: order.course,
      code: order.code,
      method: order.method,
      email: form.values.email,
      firstName: form.values.first,
      lastName: form.values.last,
      acceptTerms: form.values.terms,
      acceptRisk: form.values.risk,
      leftFor: null,
      reference: null,
    });
  return (
    <div className="checkout-vipps-fill">
      <VippsLoginButton next={paths.checkout.href({ course: order.course })} label="Fyll ut med Vipps" onBeforeLeave={keep} />
      <OrDivider />
    </div>
  );
}
