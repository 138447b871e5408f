import {
  CHECKOUT_COURSE_IDS,
  isCheckoutCourseId,
  membershipMonths,
  type CatalogItem,
  type CheckoutCourseId,
} from '@academy/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BackButton } from '../../../components/BackButton';
import { Button } from '../../../components/Button';
import { FeatureList } from '../../../components/FeatureList';
import { Icon } from '../../../components/Icon';
import { Card } from '../../../components/Layout';
import { BeforePrice } from '../../../components/Price';
import { paths } from '../../../config/paths';
import { useCatalog, useSettings } from '../../../lib/app-state';
import { getAttribution } from '../../../lib/attribution';
import { formatPriceDash, formatPriceKr } from '../../../lib/format';
import { inLaunch } from '../../../lib/launch';
import { Seo } from '../../../lib/head';
import { useSession } from '../../../lib/session';
import { useMembership } from '../../../lib/membership';
import { useCheckoutQuote } from '../api/checkout-quote';
import { fetchCheckoutReminder } from '../api/checkout-reminder';
import { AutoRenewField } from '../components/AutoRenewField';
import { BuyerConsents, BuyerFields } from '../components/BuyerFields';
import { CampaignCodeField, useCampaignCode } from '../components/CampaignCodeField';
import { CheckoutBadges } from '../components/CheckoutBadges';
import { CheckoutShell } from '../components/CheckoutShell';
import { CourseNotFound } from '../components/CourseNotFound';
import { OrderSummary } from '../components/OrderSummary';
import { PaymentMethods } from '../components/PaymentMethods';
import { ProgramPicker } from '../components/ProgramPicker';
import { RemindMeField } from '../components/RemindMeField';
import { RenewingNotice } from '../components/RenewingNotice';
import { ReturnNotice } from '../components/ReturnNotice';
import { CHECKOUT_COPY as T } from '../content';
import { useCheckoutForm } from '../hooks/useCheckoutForm';
import { useCheckoutPayment } from '../hooks/useCheckoutPayment';
import { useCheckoutStart } from '../hooks/useCheckoutStart';
import { paymentChoice } from '../payment-options';
import { saveCheckoutDraft } from '../draft';
import './CheckoutPage.css';

/** The programme choices shown together: the trading programmes, or the crypto series (with VIP). */
const PROGRAM_GROUPS: readonly (readonly CheckoutCourseId[])[] = [
  ['foundation', 'accelerator'],
  ['microkurs', 'temakurs', 'vip'],
];
const groupOf = (id: CheckoutCourseId) => PROGRAM_GROUPS.find((g) => g.includes(id)) ?? CHECKOUT_COURSE_IDS;
/** Where "back" leads without history: the course's sales page, or the crypto page for the crypto series. */
const backFallback = (id: CheckoutCourseId) =>
  id === 'foundation' || id === 'accelerator' ? paths.courseSales.href(id) : paths.crypto.href();

/** `/bestill` and `/payment`: choose the course, fill in your details, pay by card, Vipps or Klarna. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const queryCourse = params.get('course');
  // A course in the address that is not sold here: said so, with the courses that are.
  if (queryCourse !== null && !isCheckoutCourseId(queryCourse)) return <CourseNotFound id={queryCourse} />;
  // A reminder's link: the checkout as the buyer left it is fetched and kept as this tab's draft first.
  const reminder = params.get('paminnelse');
  if (reminder) return <ReminderLink token={reminder} />;
  return <CheckoutForm />;
}

/**
 * `?paminnelse=`: the reminder's checkout filled in (course, method, code, address, names). The two
 * ticks of the purchase are given again, by the buyer, at the purchase (docs/decisions.md "Checkout reminders").
 */
function ReminderLink({ token }: { token: string }) {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const ctl = new AbortController();
    const done = () => {
      const next = new URLSearchParams(params);
      next.delete('paminnelse');
      setParams(next, { replace: true });
    };
    fetchCheckoutReminder(token, ctl.signal)
      .then((r) => {
        if (!isCheckoutCourseId(r.courseId)) return;
        saveCheckoutDraft({
          course: r.courseId,
          code: r.campaignCode,
          method: r.paymentMethod,
          email: r.email,
          firstName: r.firstName,
          lastName: r.lastName,
          acceptTerms: false,
          acceptRisk: false,
          leftFor: null,
          reference: null,
        });
      })
      .catch(() => undefined)
      .finally(() => !ctl.signal.aborted && done());
    return () => ctl.abort();
    // Once per link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return (
    <CheckoutShell>
      <div className="container checkout-page">
        <p role="status">Henter bestillingen din …</p>
      </div>
    </CheckoutShell>
  );
}

function CheckoutForm() {
  const catalog = useCatalog();
  const { demoPayments, paymentMethods } = useSettings();
  const { me } = useSession();
  const uid = useId();
  const start = useCheckoutStart();
  const lockedEmail = me?.email ?? null;
  const form = useCheckoutForm(
    uid,
    {
      email: start.email,
      first: start.firstName,
      last: start.lastName,
      terms: start.acceptTerms,
      risk: start.acceptRisk,
    },
    lockedEmail,
  );
  const payment = useCheckoutPayment(start);
  // A signed-in member's names as the account has them, where the form has none yet (once per account).
  const namesFilledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!me || namesFilledFor.current === me.id) return;
    namesFilledFor.current = me.id;
    if (me.firstName && !form.values.first) form.set('first', me.firstName);
    if (me.lastName && !form.values.last) form.set('last', me.lastName);
  }, [me, form]);
  const [course, setCourse] = useState<CheckoutCourseId>(start.course);
  const [chosenMethod, setChosenMethod] = useState(start.method);
  // «Forny automatisk hvert år»: never ticked to begin with.
  const [autoRenew, setAutoRenew] = useState(false);
  // «Send meg en påminnelse hvis jeg ikke fullfører»: never ticked to begin with.
  const [remindMe, setRemindMe] = useState(false);
  const code = useCampaignCode(course, start.code);

  const items = groupOf(course)
    .map((id) => catalog.items.find((i) => i.id === id))
    .filter((i): i is CatalogItem => !!i);
  const item = items.find((i) => i.id === course) ?? items[0];
  // A membership (VIP) is never "owned" here: buying it again renews it from the end of its period.
  const ownsSelected = !!me && (me.courses as readonly string[]).includes(course);
  // A campaign code the server priced for this course; the server prices it again when the order is made.
  const quote = code.quote?.courseId === item.id ? code.quote : null;
  // Signed in: the server's quote for this student (an upgrade's credit, then the code) is what is charged.
  const checkoutQuote = useCheckoutQuote(item.id as CheckoutCourseId, quote?.code ?? null, ownsSelected ? null : lockedEmail);
  const upgradeFromTitle = checkoutQuote?.upgradeFrom
    ? (catalog.items.find((i) => i.id === checkoutQuote.upgradeFrom)?.title ?? null)
    : null;
  const amountOre = checkoutQuote ? checkoutQuote.amountOre : quote ? quote.priceOre : item.priceOre;
  // What the price to pay is struck against: the ordinary price (before the launch discount), or the
  // catalogue's price when only a code or a credit takes it down.
  const beforeOre = item.beforePriceOre !== null && item.discountOre > 0 ? item.beforePriceOre : item.priceOre;
  const choice = paymentChoice({ offered: paymentMethods, chosen: chosenMethod, priceOre: item.priceOre, amountOre });
  const { method } = choice;
  const autoRenewBlocked =
    method !== 'card' && method !== 'vipps'
      ? 'Automatisk fornyelse betales med kort eller Vipps. Velg en av dem for å slå det på.'
      : quote
        ? 'Kampanjekoder gjelder bare én periode, så automatisk fornyelse kan ikke velges med kode.'
        : null;
  const renewing = autoRenew && !autoRenewBlocked && !demoPayments && membershipMonths(item.id) !== null;
  // A member whose membership already renews is shown her renewal instead of a second year.
  const memberships = useMembership(me?.id ?? 0, !!me && membershipMonths(item.id) !== null);
  const renewsAlready = memberships.data?.memberships.find((x) => x.productId === item.id && x.renews) ?? null;
  const months = membershipMonths(item.id);
  const { busy, error, owned, returned } = payment;
  const { missing, values } = form;

  const choose = (id: CheckoutCourseId) => {
    setCourse(id);
    payment.resetMessages();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.validate()) return;
    const email = values.email.trim();
    void payment.pay(
      {
        course,
        code: quote?.code ?? null,
        method,
        email,
        firstName: values.first,
        lastName: values.last,
        acceptTerms: values.terms,
        acceptRisk: values.risk,
        leftFor: null,
        reference: null,
      },
      {
        courseId: course,
        email,
        firstName: values.first.trim(),
        lastName: values.last.trim(),
        paymentMethod: method,
        acceptTerms: true,
        acceptRisk: true,
        ...(quote ? { campaignCode: quote.code } : {}),
        ...(renewing ? { autoRenew: true } : {}),
        ...(remindMe ? { remindMe: true } : {}),
        attribution: getAttribution(),
      },
    );
  };

  const errorId = `${uid}-error`;
  const missingId = `${uid}-missing`;

  return (
    <CheckoutShell>
      <Seo title={T.seoTitle} description={T.seoDescription} noindex />
      <div className="container checkout-page">
        <BackButton label={T.back} fallback={backFallback(course)} className="checkout-page__back" />
        {returned && <ReturnNotice reason={returned.reason} method={returned.method} />}
        <div className="checkout-grid">
          <div className="checkout-grid__main">
            <header className="checkout-intro">
              <p className="eyebrow">Bestilling</p>
              <h1 className="checkout-intro__title">{item.title}</h1>
              <p className="checkout-intro__desc">{item.description}</p>
              <p className="checkout-intro__price" data-testid="checkout-heading-price">
                <strong>{formatPriceKr(amountOre)}</strong>
                {beforeOre > amountOre && <BeforePrice ore={beforeOre} />}
              </p>
            </header>

            <ProgramPicker
              name={`${uid}-program`}
              items={items}
              course={course}
              priced={item}
              amountOre={amountOre}
              onChoose={choose}
            />

            <section className="checkout-features" aria-labelledby={`${uid}-features`}>
              <h2 id={`${uid}-features`} className="checkout-card__title">
                {T.featuresTitle}
              </h2>
              <FeatureList items={item.features} iconSize={20} />
            </section>

            <CheckoutBadges
              courseId={item.id}
              studentCount={catalog.studentCount}
              launchSeats={items.some(inLaunch) ? catalog.launchSeats : null}
            />
          </div>

          <div className="checkout-grid__aside">
            <Card className="checkout-card">
              <OrderSummary item={item} quote={quote} checkoutQuote={checkoutQuote} upgradeFromTitle={upgradeFromTitle} />
              <CampaignCodeField state={code} disabled={busy} />

              <form className="checkout-form" onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
                <BuyerFields
                  uid={uid}
                  form={form}
                  lockedEmail={lockedEmail}
                  order={{ course, method, code: quote?.code ?? null }}
                />
                <PaymentMethods name={`${uid}-pay`} choice={choice} amountOre={amountOre} onChoose={setChosenMethod} />
                <BuyerConsents form={form} />
                {renewsAlready && <RenewingNotice m={renewsAlready} />}
                {!demoPayments && !renewsAlready && (
                  <AutoRenewField
                    id={uid}
                    courseId={item.id}
                    title={item.title}
                    amountOre={amountOre}
                    method={method === 'vipps' ? 'vipps' : 'card'}
                    checked={autoRenew}
                    onChange={setAutoRenew}
                    blockedReason={autoRenewBlocked}
                  />
                )}
                {!renewsAlready && <RemindMeField id={uid} checked={remindMe} onChange={setRemindMe} />}

                {owned && (
                  <div className="checkout-message checkout-message--info" role="alert">
                    <p>{owned}</p>
                    <Link to={paths.dashboard.href()}>{T.alreadyOwnedCta} →</Link>
                  </div>
                )}
                {!owned && ownsSelected && (
                  <div className="checkout-message checkout-message--info" role="status">
                    <p>{T.ownsSelected(item.title)}</p>
                    <Link to={paths.dashboard.href()}>{T.alreadyOwnedCta} →</Link>
                  </div>
                )}
                {error && (
                  <p id={errorId} className="checkout-message checkout-message--error" role="alert">
                    {error}
                  </p>
                )}

                <Button
                  type="submit"
                  size="lg"
                  block
                  busy={busy}
                  disabled={busy || ownsSelected || !!renewsAlready}
                  aria-describedby={!busy && missing.length > 0 ? missingId : undefined}
                  className="checkout-submit"
                  data-testid="checkout-submit"
                >
                  {busy
                    ? T.busy
                    : months === null
                      ? T.submit(formatPriceDash(amountOre))
                      : renewing
                        ? T.submitRenewing(formatPriceDash(amountOre))
                        : T.submitMembership(formatPriceDash(amountOre), months)}
                </Button>
                {!busy && missing.length > 0 && (
                  <p id={missingId} className="checkout-form__hint" data-testid="checkout-missing">
                    {T.missing(missing.map((f) => T.missingName[f]))}
                  </p>
                )}
                <p className="checkout-form__reassure">
                  <Icon name="lock" size={14} />{' '}
                  {demoPayments
                    ? T.reassuranceDemo
                    : method === 'vipps'
                      ? T.reassuranceVipps
                      : method === 'klarna'
                        ? T.reassuranceKlarna
                        : T.reassurance}
                </p>
              </form>
            </Card>
          </div>
        </div>
      </div>
    </CheckoutShell>
  );
}
