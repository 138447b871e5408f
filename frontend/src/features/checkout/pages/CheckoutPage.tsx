import {
  RISK_ACKNOWLEDGEMENT_TEXT,
  CHECKOUT_COURSE_IDS,
  isCheckoutCourseId,
  KLARNA_MIN_ORE,
  type CatalogItem,
  type CheckoutCourseId,
  type PaymentMethod,
} from '@academy/contracts';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { BackButton } from '../../../components/BackButton';
import { Button } from '../../../components/Button';
import { FeatureList } from '../../../components/FeatureList';
import { Icon } from '../../../components/Icon';
import { Card } from '../../../components/Layout';
import { BeforePrice } from '../../../components/Price';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useCatalog, useSettings } from '../../../lib/app-state';
import { getAttribution } from '../../../lib/attribution';
import { formatPriceDash, formatPriceKr } from '../../../lib/format';
import { inLaunch } from '../../../lib/launch';
import { Seo } from '../../../lib/head';
import { useSession } from '../../../lib/session';
import { useCheckoutQuote } from '../api/checkout-quote';
import { createCheckoutSession } from '../api/create-checkout-session';
import { CampaignCodeField, useCampaignCode } from '../components/CampaignCodeField';
import { CheckoutBadges } from '../components/CheckoutBadges';
import { CheckoutField } from '../components/CheckoutField';
import { CheckoutOption } from '../components/CheckoutOption';
import { CheckoutShell } from '../components/CheckoutShell';
import { OrderSummary } from '../components/OrderSummary';
import { CHECKOUT_COPY as T } from '../content';
import {
  isPaymentMethod,
  isReturnReason,
  readCheckoutDraft,
  returnReasonOf,
  saveCheckoutDraft,
  type CheckoutDraft,
  type ReturnReason,
} from '../draft';
import { fetchCheckoutStatus } from '../api/checkout-status';
import { rememberCheckoutSessionId } from '../session-id';
import './CheckoutPage.css';

const PAYMENT_OPTIONS: { id: PaymentMethod; label: string; hint: string }[] = [
  { id: 'card', label: T.card, hint: T.cardHint },
  { id: 'vipps', label: T.vipps, hint: T.vippsHint },
  { id: 'klarna', label: T.klarna, hint: T.klarnaHint },
];

/** The programme choices shown together: the trading programmes, or the crypto series (with VIP). */
const PROGRAM_GROUPS: readonly (readonly CheckoutCourseId[])[] = [
  ['foundation', 'accelerator'],
  ['microkurs', 'temakurs', 'vip'],
];
const groupOf = (id: CheckoutCourseId) => PROGRAM_GROUPS.find((g) => g.includes(id)) ?? CHECKOUT_COURSE_IDS;
/** Where "back" leads without history: the course's sales page, or the crypto page for the crypto series. */
const backFallback = (id: CheckoutCourseId) =>
  id === 'foundation' || id === 'accelerator' ? paths.courseSales.href(id) : paths.crypto.href();

/** The buyer's details the order needs, in the order the form asks for them. */
type BuyerField = 'email' | 'first' | 'last' | 'terms' | 'risk';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is still missing (or, for the address, not an address), in the form's order. */
function missingFields(v: { email: string; first: string; last: string; terms: boolean; risk: boolean }): BuyerField[] {
  const out: BuyerField[] = [];
  if (!EMAIL_RE.test(v.email.trim())) out.push('email');
  if (!v.first.trim()) out.push('first');
  if (!v.last.trim()) out.push('last');
  if (!v.terms) out.push('terms');
  if (!v.risk) out.push('risk');
  return out;
}

/** `/bestill` and `/payment`: choose the course, fill in your details, pay by card, Vipps or Klarna. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const queryCourse = params.get('course');
  // A course in the address that is not sold here: said so, with the courses that are.
  if (queryCourse !== null && !isCheckoutCourseId(queryCourse)) return <CourseNotFound id={queryCourse} />;
  return <CheckoutForm />;
}

/**
 * How the page was opened: the address (a campaign link, the provider's way back) and, in this tab, the
 * form as the buyer last sent it to the provider (restored when it is for the same course).
 */
function useStart() {
  const [params, setParams] = useSearchParams();
  const [start] = useState(() => {
    const queryCourse = params.get('course');
    const saved = readCheckoutDraft();
    const draft: CheckoutDraft | null = saved && (queryCourse === null || saved.course === queryCourse) ? saved : null;
    const course: CheckoutCourseId = isCheckoutCourseId(queryCourse) ? queryCourse : (draft?.course ?? 'foundation');
    const queryMethod = params.get('metode');
    const method: PaymentMethod = isPaymentMethod(queryMethod) ? queryMethod : (draft?.method ?? 'card');
    const queryReason = params.get('betaling');
    // Back in this tab from the provider without its way back (the back button, a reload): said too.
    const reason: ReturnReason | null = isReturnReason(queryReason) ? queryReason : draft?.leftFor ? 'tilbake' : null;
    const returnedFrom: PaymentMethod = isPaymentMethod(queryMethod) ? queryMethod : (draft?.leftFor ?? method);
    return {
      course,
      method,
      email: params.get('email') ?? draft?.email ?? '',
      firstName: draft?.firstName ?? '',
      lastName: draft?.lastName ?? '',
      acceptTerms: draft?.acceptTerms ?? false,
      acceptRisk: draft?.acceptRisk ?? false,
      code: params.get('kode') ?? draft?.code ?? null,
      returned: reason ? { reason, method: returnedFrom } : null,
      /** Back without the provider's word (the back button, a reload): the payment to ask about. */
      leftReference: reason === 'tilbake' ? (draft?.reference ?? null) : null,
    };
  });
  useEffect(() => {
    // Said once: a reload afterwards shows the filled-in form without the message.
    if (!start.returned) return;
    const draft = readCheckoutDraft();
    if (draft?.leftFor) saveCheckoutDraft({ ...draft, leftFor: null });
    if (params.has('betaling') || params.has('metode')) {
      const next = new URLSearchParams(params);
      next.delete('betaling');
      next.delete('metode');
      setParams(next, { replace: true });
    }
    // Once, on the way in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return start;
}

/** What happened at the provider, at the top of the form it brought the buyer back to. */
function ReturnNotice({ reason, method }: { reason: ReturnReason; method: PaymentMethod }) {
  const copy = T.returned[reason];
  return (
    <div className="checkout-message checkout-message--info checkout-returned" role="alert" data-testid="checkout-returned">
      <p className="checkout-returned__title">{copy[method]}</p>
      <p className="checkout-returned__text">
        {copy.text} {T.returnedRestored}
      </p>
    </div>
  );
}

/** `/bestill?course=xyz` of a course not sold here: the courses that are, and the way to the rest. */
function CourseNotFound({ id }: { id: string }) {
  const catalog = useCatalog();
  const items = CHECKOUT_COURSE_IDS.map((c) => catalog.items.find((i) => i.id === c)).filter((i): i is CatalogItem => !!i);
  return (
    <CheckoutShell>
      <Seo title={T.notFoundTitle} description={T.seoDescription} noindex />
      <div className="container container--narrow checkout-page">
        <Card className="checkout-notfound">
          <h1 className="checkout-intro__title">{T.notFoundTitle}</h1>
          <p role="alert">{T.notFoundText(id.slice(0, 60))}</p>
          <ul className="checkout-notfound__list">
            {items.map((i) => (
              <li key={i.id}>
                <Link to={paths.checkout.href({ course: i.id })} className="checkout-notfound__link">
                  <span className="checkout-notfound__name">{i.title}</span>
                  <span className="checkout-notfound__price">{formatPriceKr(i.priceOre)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p>
            <Link to={paths.home.href()}>{T.notFoundHome}</Link>
          </p>
        </Card>
      </div>
    </CheckoutShell>
  );
}

function CheckoutForm() {
  const navigate = useNavigate();
  const catalog = useCatalog();
  const { demoPayments, paymentMethods } = useSettings();
  const { me, refresh } = useSession();
  const uid = useId();
  const start = useStart();

  const [course, setCourse] = useState<CheckoutCourseId>(start.course);
  const [email, setEmail] = useState(start.email);
  const [firstName, setFirstName] = useState(start.firstName);
  const [lastName, setLastName] = useState(start.lastName);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(start.method);
  const [acceptTerms, setAcceptTerms] = useState(start.acceptTerms);
  const [acceptRisk, setAcceptRisk] = useState(start.acceptRisk);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [owned, setOwned] = useState<string | null>(null);
  const [returned, setReturned] = useState(start.returned);
  const code = useCampaignCode(course, start.code);
  // Back in this tab from the provider without its way back: the payment may have gone through
  // meanwhile (in another tab, or approved in the Vipps app). Paid: the confirmation, not the form;
  // ended: what ended it.
  const checkLeft = useCallback(
    (reference: string, method: PaymentMethod) => {
      fetchCheckoutStatus(reference).then(
        (s) => {
          if (s.status === 'paid') {
            rememberCheckoutSessionId(reference);
            void navigate(paths.paymentComplete.href(), { replace: true });
          } else if (s.status === 'failed' || s.status === 'expired') {
            setReturned({ reason: returnReasonOf(s), method: s.paymentMethod ?? method });
          }
        },
        () => undefined,
      );
    },
    [navigate],
  );
  useEffect(() => {
    if (start.leftReference && start.returned) checkLeft(start.leftReference, start.returned.method);
  }, [start, checkLeft]);
  /** Set by a submit with fields missing: from then on each missing field says so under itself. */
  const [showFieldErrors, setShowFieldErrors] = useState(false);
  const fieldRefs = useRef<Record<BuyerField, HTMLInputElement | null>>({
    email: null,
    first: null,
    last: null,
    terms: null,
    risk: null,
  });
  // Back from the provider with the browser's back button, the page comes out of the back/forward cache
  // as it was left: busy. The payment was not made here, so the form is ready again and says so (as a
  // fresh load after leaving does), unless the payment went through meanwhile.
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setBusy(false);
      const draft = readCheckoutDraft();
      if (draft?.leftFor) {
        setReturned({ reason: 'tilbake', method: draft.leftFor });
        saveCheckoutDraft({ ...draft, leftFor: null });
        if (draft.reference) checkLeft(draft.reference, draft.leftFor);
      }
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [checkLeft]);

  const items = groupOf(course)
    .map((id) => catalog.items.find((i) => i.id === id))
    .filter((i): i is CatalogItem => !!i);
  const item = items.find((i) => i.id === course) ?? items[0];
  const lockedEmail = me?.email ?? null;
  const buyerEmail = lockedEmail ?? email;
  // A membership (VIP) is never "owned" here: buying it again renews it from the end of its period.
  const ownsSelected = !!me && (me.courses as readonly string[]).includes(course);
  const missing = missingFields({
    email: buyerEmail,
    first: firstName,
    last: lastName,
    terms: acceptTerms,
    risk: acceptRisk,
  });
  // A campaign code the server priced for this course; the server prices it again when the order is made.
  const quote = code.quote?.courseId === item.id ? code.quote : null;
  // Signed in: the server's quote for this student (an upgrade's credit, then the code) is what is charged.
  const checkoutQuote = useCheckoutQuote(item.id as CheckoutCourseId, quote?.code ?? null, ownsSelected ? null : lockedEmail);
  const upgradeFromTitle = checkoutQuote?.upgradeFrom
    ? (catalog.items.find((i) => i.id === checkoutQuote.upgradeFrom)?.title ?? null)
    : null;
  // The methods this site offers (Vipps only when set up); Klarna for purchases from 1 500 kr.
  const amountOre = checkoutQuote ? checkoutQuote.amountOre : quote ? quote.priceOre : item.priceOre;
  const price = formatPriceDash(amountOre);
  // What the price to pay is struck against: the ordinary price (before the launch discount), or the
  // catalogue's price when only a code or a credit takes it down.
  const beforeOre = item.beforePriceOre !== null && item.discountOre > 0 ? item.beforePriceOre : item.priceOre;
  // Klarna for a course priced from 1 500 kr; when a code or a credit takes the total under, it stays in
  // the list, unavailable, with the reason.
  const payOptions = PAYMENT_OPTIONS.filter(
    (o) => (paymentMethods ?? ['card']).includes(o.id) && (o.id !== 'klarna' || item.priceOre >= KLARNA_MIN_ORE),
  );
  const klarnaTooLow = amountOre < KLARNA_MIN_ORE;
  const available = (id: PaymentMethod) => id !== 'klarna' || !klarnaTooLow;
  const method: PaymentMethod = payOptions.some((o) => o.id === paymentMethod && available(o.id))
    ? paymentMethod
    : (payOptions.find((o) => available(o.id))?.id ?? 'card');
  const klarnaMoved = paymentMethod === 'klarna' && method !== 'klarna' && payOptions.some((o) => o.id === 'klarna');

  const choose = (id: CheckoutCourseId) => {
    setCourse(id);
    setOwned(null);
    setError(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (missing.length > 0) {
      // Said in the page: under each field (aria-describedby) and beside the button; the first one gets focus.
      setShowFieldErrors(true);
      fieldRefs.current[missing[0]]?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setOwned(null);
    setReturned(null);
    const draft: CheckoutDraft = {
      course,
      code: quote?.code ?? null,
      method,
      email: buyerEmail.trim(),
      firstName,
      lastName,
      acceptTerms,
      acceptRisk,
      leftFor: null,
      reference: null,
    };
    try {
      const res = await createCheckoutSession({
        courseId: course,
        email: buyerEmail.trim(),
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        paymentMethod: method,
        acceptTerms: true,
        acceptRisk: true,
        ...(quote ? { campaignCode: quote.code } : {}),
        attribution: getAttribution(),
      });
      if (res.reference) rememberCheckoutSessionId(res.reference);
      if (res.demo) {
        // Paid at once: the same confirmation page as a paid purchase, which says it was a demo.
        saveCheckoutDraft(draft);
        await refresh();
        void navigate(res.url);
        return;
      }
      // Kept for the way back: the form as sent, and that the buyer is away at the provider.
      saveCheckoutDraft({ ...draft, leftFor: method, reference: res.reference ?? null });
      try {
        window.location.assign(res.url);
      } catch (navErr) {
        console.error('Kunne ikke åpne betalingssiden', navErr);
        saveCheckoutDraft(draft);
        setError(T.redirectError);
        setBusy(false);
      }
    } catch (err) {
      console.error('Det oppstod en feil ved opprettelse av betalingen', err);
      setBusy(false);
      if (err instanceof ApiError && err.code === 'ALREADY_OWNED') {
        setOwned(err.message);
        return;
      }
      // A refused detail or payments switched off (production without Stripe keys): the server's own message.
      if (err instanceof ApiError && (err.code === 'VALIDATION_FAILED' || err.status === 503)) {
        setError(err.message);
        return;
      }
      setError(T.paymentError);
    }
  };

  const programName = `${uid}-program`;
  const payName = `${uid}-pay`;
  const errorId = `${uid}-error`;
  const missingId = `${uid}-missing`;
  const fieldErrorId = (f: BuyerField) => `${uid}-${f}-error`;
  const fieldError = (f: BuyerField): string | null => {
    if (!showFieldErrors || !missing.includes(f)) return null;
    if (f === 'email') return buyerEmail.trim() ? T.emailInvalid : T.fieldMissing.email;
    return T.fieldMissing[f];
  };
  /** The input's description: its own hint, then its error. */
  const describedBy = (f: BuyerField, hint?: string) =>
    [hint, fieldError(f) ? fieldErrorId(f) : undefined].filter(Boolean).join(' ') || undefined;
  const errorText = (f: BuyerField) => {
    const text = fieldError(f);
    return (
      text && (
        <p id={fieldErrorId(f)} className="checkout-field__error">
          {text}
        </p>
      )
    );
  };

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

            <fieldset className="checkout-fieldset">
              <legend className="checkout-card__title">{T.programLegend}</legend>
              <div className="checkout-options">
                {items.map((i) => {
                  // The chosen programme at the price to pay (its credit and code taken off); the others
                  // at the catalogue's price.
                  const nowOre = i.id === item.id ? amountOre : i.priceOre;
                  const wasOre = i.beforePriceOre !== null && i.discountOre > 0 ? i.beforePriceOre : i.priceOre;
                  return (
                    <CheckoutOption
                      key={i.id}
                      name={programName}
                      value={i.id}
                      checked={i.id === course}
                      onSelect={() => choose(i.id as CheckoutCourseId)}
                      title={
                        <>
                          {i.title}
                          {i.popular && <span className="badge badge--success">Mest populær</span>}
                        </>
                      }
                      desc={i.description}
                      aside={
                        <span className="checkout-option__price" data-testid={`checkout-option-price-${i.id}`}>
                          {wasOre > nowOre && <BeforePrice ore={wasOre} className="checkout-option__before" />}
                          <strong>{formatPriceKr(nowOre)}</strong>
                        </span>
                      }
                    />
                  );
                })}
              </div>
            </fieldset>

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
                <fieldset className="checkout-fieldset">
                  <legend className="checkout-card__title">{T.detailsTitle}</legend>
                  <CheckoutField
                    id={`${uid}-email`}
                    label={T.email}
                    type="email"
                    name="email"
                    autoComplete="email"
                    inputMode="email"
                    required
                    value={buyerEmail}
                    readOnly={!!lockedEmail}
                    aria-readonly={lockedEmail ? true : undefined}
                    aria-invalid={fieldError('email') ? true : undefined}
                    aria-describedby={describedBy('email', lockedEmail ? `${uid}-email-hint` : undefined)}
                    ref={(el) => {
                      fieldRefs.current.email = el;
                    }}
                    onChange={(e) => setEmail(e.target.value)}
                  >
                    {lockedEmail && (
                      <p id={`${uid}-email-hint`} className="checkout-field__hint">
                        <Icon name="lock" size={14} /> {T.signedInAs}
                      </p>
                    )}
                    {errorText('email')}
                  </CheckoutField>
                  <div className="checkout-field-row">
                    {(
                      [
                        ['first', T.firstName, 'firstName', 'given-name', firstName, setFirstName],
                        ['last', T.lastName, 'lastName', 'family-name', lastName, setLastName],
                      ] as const
                    ).map(([key, label, name, autoComplete, value, set]) => (
                      <CheckoutField
                        key={key}
                        id={`${uid}-${key}`}
                        label={label}
                        type="text"
                        name={name}
                        autoComplete={autoComplete}
                        maxLength={100}
                        required
                        value={value}
                        aria-invalid={fieldError(key) ? true : undefined}
                        aria-describedby={describedBy(key)}
                        ref={(el) => {
                          fieldRefs.current[key] = el;
                        }}
                        onChange={(e) => set(e.target.value)}
                      >
                        {errorText(key)}
                      </CheckoutField>
                    ))}
                  </div>
                </fieldset>

                <fieldset className="checkout-fieldset">
                  <legend className="checkout-card__title">{T.paymentTitle}</legend>
                  <div className="checkout-options checkout-options--pay">
                    {payOptions.map((o) => (
                      <CheckoutOption
                        key={o.id}
                        pay
                        name={payName}
                        value={o.id}
                        checked={method === o.id}
                        disabled={!available(o.id)}
                        onSelect={() => setPaymentMethod(o.id)}
                        title={o.label}
                        desc={available(o.id) ? o.hint : T.klarnaTooLow(formatPriceKr(KLARNA_MIN_ORE))}
                      />
                    ))}
                  </div>
                  {klarnaMoved && (
                    <p
                      className="checkout-message checkout-message--info checkout-klarna-moved"
                      role="status"
                      data-testid="klarna-moved"
                    >
                      {T.klarnaMoved(
                        formatPriceKr(KLARNA_MIN_ORE),
                        formatPriceKr(amountOre),
                        PAYMENT_OPTIONS.find((o) => o.id === method)?.label ?? method,
                      )}
                    </p>
                  )}
                  {method === 'klarna' && (
                    <div className="checkout-klarna" data-testid="klarna-info">
                      <p className="checkout-klarna__title">{T.klarnaInfoTitle}</p>
                      <p>{T.klarnaInfo}</p>
                      <a href={T.klarnaTermsUrl} target="_blank" rel="noopener noreferrer">
                        {T.klarnaTermsLink}
                      </a>
                    </div>
                  )}
                </fieldset>

                <div className="checkout-waiver">
                  <label className="checkout-waiver__label">
                    <input
                      type="checkbox"
                      name="acceptTerms"
                      checked={acceptTerms}
                      aria-invalid={fieldError('terms') ? true : undefined}
                      aria-describedby={describedBy('terms')}
                      ref={(el) => {
                        fieldRefs.current.terms = el;
                      }}
                      onChange={(e) => setAcceptTerms(e.target.checked)}
                    />
                    <span>{T.waiver}</span>
                  </label>
                  {errorText('terms')}
                  <label className="checkout-waiver__label">
                    <input
                      type="checkbox"
                      name="acceptRisk"
                      checked={acceptRisk}
                      aria-invalid={fieldError('risk') ? true : undefined}
                      aria-describedby={describedBy('risk')}
                      ref={(el) => {
                        fieldRefs.current.risk = el;
                      }}
                      onChange={(e) => setAcceptRisk(e.target.checked)}
                    />
                    <span>{RISK_ACKNOWLEDGEMENT_TEXT}.</span>
                  </label>
                  {errorText('risk')}
                  <p className="checkout-waiver__terms">
                    {T.waiverTermsLead}{' '}
                    <Link to={paths.terms.href()} target="_blank" rel="noopener">
                      {T.waiverTermsLink}
                    </Link>
                    .
                  </p>
                </div>

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
                  disabled={busy || ownsSelected}
                  aria-describedby={!busy && missing.length > 0 ? missingId : undefined}
                  className="checkout-submit"
                  data-testid="checkout-submit"
                >
                  {busy ? T.busy : T.submit(price)}
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
