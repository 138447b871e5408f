import {
  CHECKOUT_COURSE_IDS,
  isCheckoutCourseId,
  type CatalogItem,
  type CheckoutCourseId,
  type PaymentMethod,
} from '@academy/contracts';
import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { BackButton } from '../../../components/BackButton';
import { Button } from '../../../components/Button';
import { FeatureList } from '../../../components/FeatureList';
import { Input } from '../../../components/Form';
import { Icon, type IconName } from '../../../components/Icon';
import { Card } from '../../../components/Layout';
import { BeforePrice } from '../../../components/Price';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useCatalog, useSettings } from '../../../lib/app-state';
import { getAttribution } from '../../../lib/attribution';
import { formatPriceDash, formatPriceKr, pluralize } from '../../../lib/format';
import { Seo } from '../../../lib/head';
import { cx } from '../../../lib/class-names';
import { useSession } from '../../../lib/session';
import { createCheckoutSession } from '../api/create-checkout-session';
import { CheckoutShell } from '../components/CheckoutShell';
import { CHECKOUT_COPY as T } from '../content';
import './CheckoutPage.css';

/** SPEC §9: the demo checkout goes on after 2 s. */
const DEMO_REDIRECT_MS = 2000;

const PAYMENT_OPTIONS: { id: PaymentMethod; label: string; hint: string }[] = [
  { id: 'card', label: T.card, hint: T.cardHint },
  { id: 'vipps', label: T.vipps, hint: T.vippsHint },
];

/** A labelled input of the buyer's details. */
function CheckoutField({
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

function ProgramOption({
  item,
  selected,
  name,
  onSelect,
}: {
  item: CatalogItem;
  selected: boolean;
  name: string;
  onSelect: () => void;
}) {
  const discounted = item.beforePriceOre !== null && item.discountOre > 0;
  return (
    <label className={cx('checkout-option', selected && 'checkout-option--selected')}>
      <input type="radio" name={name} value={item.id} checked={selected} onChange={onSelect} className="checkout-option__radio" />
      <span className="checkout-option__body">
        <span className="checkout-option__title">
          {item.title}
          {item.popular && <span className="badge badge--success">Mest populær</span>}
        </span>
        <span className="checkout-option__desc">{item.description}</span>
      </span>
      <span className="checkout-option__price">
        {discounted && <BeforePrice ore={item.beforePriceOre!} className="checkout-option__before" />}
        <strong>{formatPriceKr(item.priceOre)}</strong>
      </span>
    </label>
  );
}

function Badges({ studentCount }: { studentCount: number }) {
  const badges: { icon: IconName; text: string }[] = [
    { icon: 'shield', text: T.badgeGuarantee },
    { icon: 'infinity', text: T.badgeLifetime },
    { icon: 'users', text: studentCount > 0 ? pluralize(studentCount, 'elev', 'elever') : T.badgeStudentsNone },
  ];
  return (
    <ul className="checkout-badges" aria-label="Trygt kjøp">
      {badges.map((b) => (
        <li key={b.icon} className="checkout-badges__item">
          <Icon name={b.icon} size={18} />
          <span>{b.text}</span>
        </li>
      ))}
    </ul>
  );
}

function Summary({ item }: { item: CatalogItem }) {
  const discounted = item.beforePriceOre !== null && item.discountOre > 0;
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-card__title">
        {T.summaryTitle}
      </h2>
      <dl className="checkout-summary__rows">
        <div className="checkout-summary__row">
          <dt>
            {item.title}
            {discounted && <span className="checkout-summary__sub">{T.originalPrice}</span>}
          </dt>
          <dd>{formatPriceKr(discounted ? item.beforePriceOre! : item.priceOre)}</dd>
        </div>
        {discounted && (
          <div className="checkout-summary__row checkout-summary__row--discount">
            <dt>{T.launchDiscount}</dt>
            <dd>−{formatPriceKr(item.discountOre)}</dd>
          </div>
        )}
        <div className="checkout-summary__row checkout-summary__row--total">
          <dt>{T.total}</dt>
          <dd data-testid="checkout-total">{formatPriceKr(item.priceOre)}</dd>
        </div>
      </dl>
      {discounted && <p className="checkout-summary__saving">{T.saves(formatPriceKr(item.discountOre))}</p>}
    </section>
  );
}

/** `/bestill` and `/payment`: choose Foundation or Accelerator, fill in your details, pay by card or Vipps. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const catalog = useCatalog();
  const { demoPayments } = useSettings();
  const { me, refresh } = useSession();
  const uid = useId();

  const queryCourse = params.get('course');
  const [course, setCourse] = useState<CheckoutCourseId>(isCheckoutCourseId(queryCourse) ? queryCourse : 'foundation');
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('card');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [owned, setOwned] = useState<string | null>(null);
  const demoTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (demoTimer.current) clearTimeout(demoTimer.current);
    },
    [],
  );

  const items = CHECKOUT_COURSE_IDS.map((id) => catalog.items.find((i) => i.id === id)).filter((i): i is CatalogItem => !!i);
  const item = items.find((i) => i.id === course) ?? items[0];
  const lockedEmail = me?.email ?? null;
  const buyerEmail = lockedEmail ?? email;
  const ownsSelected = !!me && me.courses.includes(course);
  const missing = !buyerEmail || !firstName || !lastName || !acceptTerms;
  const price = formatPriceDash(item.priceOre);

  const choose = (id: CheckoutCourseId) => {
    setCourse(id);
    setOwned(null);
    setError(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!buyerEmail.trim() || !firstName.trim() || !lastName.trim()) {
      window.alert(T.fillAll);
      return;
    }
    if (!acceptTerms) {
      setError(T.waiverMissing);
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
        paymentMethod,
        acceptTerms: true,
        attribution: getAttribution(),
      });
      if (res.demo) {
        window.alert(T.demo);
        await refresh();
        demoTimer.current = setTimeout(() => void navigate(res.url), DEMO_REDIRECT_MS);
        return;
      }
      try {
        window.location.assign(res.url);
      } catch (navErr) {
        console.error('Kunne ikke åpne betalingssiden', navErr);
        setError(T.redirectError);
        setBusy(false);
        window.alert(T.paymentError);
      }
    } catch (err) {
      console.error('Det oppstod en feil ved opprettelse av betalingen', err);
      setBusy(false);
      if (err instanceof ApiError && err.code === 'ALREADY_OWNED') {
        setOwned(err.message);
        return;
      }
      if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') setError(err.message);
      window.alert(T.paymentError);
    }
  };

  const programName = `${uid}-program`;
  const payName = `${uid}-pay`;
  const errorId = `${uid}-error`;

  return (
    <CheckoutShell>
      <Seo title={T.seoTitle} description={T.seoDescription} noindex />
      <div className="container checkout-page">
        <BackButton label={T.back} fallback={paths.courseSales.href(course)} className="checkout-page__back" />
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
                  <ProgramOption
                    key={i.id}
                    item={i}
                    name={programName}
                    selected={i.id === course}
                    onSelect={() => choose(i.id as CheckoutCourseId)}
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

            <Badges studentCount={catalog.studentCount} />
          </div>

          <div className="checkout-grid__aside">
            <Card className="checkout-card">
              <Summary item={item} />

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
                    aria-describedby={lockedEmail ? `${uid}-email-hint` : undefined}
                    onChange={(e) => setEmail(e.target.value)}
                  >
                    {lockedEmail && (
                      <p id={`${uid}-email-hint`} className="checkout-field__hint">
                        <Icon name="lock" size={14} /> {T.signedInAs}
                      </p>
                    )}
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
                        onChange={(e) => set(e.target.value)}
                      />
                    ))}
                  </div>
                </fieldset>

                <fieldset className="checkout-fieldset">
                  <legend className="checkout-card__title">{T.paymentTitle}</legend>
                  <div className="checkout-options checkout-options--pay">
                    {PAYMENT_OPTIONS.map((o) => (
                      <label
                        key={o.id}
                        className={cx(
                          'checkout-option',
                          'checkout-option--pay',
                          paymentMethod === o.id && 'checkout-option--selected',
                        )}
                      >
                        <input
                          type="radio"
                          name={payName}
                          value={o.id}
                          checked={paymentMethod === o.id}
                          onChange={() => setPaymentMethod(o.id)}
                          className="checkout-option__radio"
                        />
                        <span className="checkout-option__body">
                          <span className="checkout-option__title">{o.label}</span>
                          <span className="checkout-option__desc">{o.hint}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>

                <div className="checkout-waiver">
                  <label className="checkout-waiver__label">
                    <input
                      type="checkbox"
                      name="acceptTerms"
                      checked={acceptTerms}
                      onChange={(e) => {
                        setAcceptTerms(e.target.checked);
                        if (e.target.checked && error === T.waiverMissing) setError(null);
                      }}
                    />
                    <span>{T.waiver}</span>
                  </label>
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
                  disabled={busy || missing || ownsSelected}
                  className="checkout-submit"
                  data-testid="checkout-submit"
                >
                  {busy ? T.busy : T.submit(price)}
                </Button>
                {!busy && !acceptTerms && !!buyerEmail && !!firstName && !!lastName && (
                  <p className="checkout-form__hint">{T.waiverMissing}</p>
                )}
                <p className="checkout-form__reassure">
                  <Icon name="lock" size={14} /> {demoPayments ? T.reassuranceDemo : T.reassurance}
                </p>
              </form>
            </Card>
          </div>
        </div>
      </div>
    </CheckoutShell>
  );
}
