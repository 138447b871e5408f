import {
  RISK_ACKNOWLEDGEMENT_TEXT,
  CHECKOUT_COURSE_IDS,
  isCheckoutCourseId,
  KLARNA_MIN_ORE,
  type CatalogItem,
  type CheckoutCourseId,
  type PaymentMethod,
} from '@academy/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
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
  const navigate = useNavigate();
  const catalog = useCatalog();
  const { demoPayments, paymentMethods } = useSettings();
  const { me, refresh } = useSession();
  const uid = useId();

  const queryCourse = params.get('course');
  const [course, setCourse] = useState<CheckoutCourseId>(isCheckoutCourseId(queryCourse) ? queryCourse : 'foundation');
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('card');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [acceptRisk, setAcceptRisk] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [owned, setOwned] = useState<string | null>(null);
  const code = useCampaignCode(course, params.get('kode'));
  /** Set by a submit with fields missing: from then on each missing field says so under itself. */
  const [showFieldErrors, setShowFieldErrors] = useState(false);
  const fieldRefs = useRef<Record<BuyerField, HTMLInputElement | null>>({
    email: null,
    first: null,
    last: null,
    terms: null,
    risk: null,
  });
  // Back from Stripe with the browser's back button, the page comes out of the back/forward cache as
  // it was left: busy. The payment was not made here, so the form is ready again.
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

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
  const payOptions = PAYMENT_OPTIONS.filter(
    (o) => (paymentMethods ?? ['card']).includes(o.id) && (o.id !== 'klarna' || amountOre >= KLARNA_MIN_ORE),
  );
  const method: PaymentMethod = payOptions.some((o) => o.id === paymentMethod) ? paymentMethod : (payOptions[0]?.id ?? 'card');

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
      if (res.demo) {
        // Paid at once: the same confirmation page as a paid purchase, which says it was a demo.
        await refresh();
        void navigate(res.url);
        return;
      }
      try {
        window.location.assign(res.url);
      } catch (navErr) {
        console.error('Kunne ikke åpne betalingssiden', navErr);
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
        <div className="checkout-grid">
          <div className="checkout-grid__main">
            <header className="checkout-intro">
              <p className="eyebrow">Bestilling</p>
              <h1 className="checkout-intro__title">{item.title}</h1>
              <p className="checkout-intro__desc">{item.description}</p>
              <p className="checkout-intro__price">
                <strong>{formatPriceKr(item.priceOre)}</strong>
                {item.beforePriceOre !== null && item.discountOre > 0 && <BeforePrice ore={item.beforePriceOre} />}
              </p>
            </header>

            <fieldset className="checkout-fieldset">
              <legend className="checkout-card__title">{T.programLegend}</legend>
              <div className="checkout-options">
                {items.map((i) => (
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
                      <span className="checkout-option__price">
                        {i.beforePriceOre !== null && i.discountOre > 0 && (
                          <BeforePrice ore={i.beforePriceOre} className="checkout-option__before" />
                        )}
                        <strong>{formatPriceKr(i.priceOre)}</strong>
                      </span>
                    }
                  />
                ))}
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
                        onSelect={() => setPaymentMethod(o.id)}
                        title={o.label}
                        desc={o.hint}
                      />
                    ))}
                  </div>
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
