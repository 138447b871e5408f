import { isCheckoutCourseId, type CheckoutStatusResponse } from '@academy/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { Card } from '../../../components/Layout';
import { MailLink } from '../../../components/MailLink';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useCatalog, usePriceVat, useSettings } from '../../../lib/app-state';
import { formatPriceKr } from '../../../lib/format';
import { Seo } from '../../../lib/head';
import { useSession } from '../../../lib/session';
import { useCheckoutStatus } from '../api/checkout-status';
import { CheckoutShell } from '../components/CheckoutShell';
import { clearCheckoutDraft, readCheckoutDraft, returnReasonOf, saveCheckoutDraft } from '../draft';
import { takeCheckoutSessionId } from '../session-id';
import './PaymentCompletePage.css';

function Receipt({ status, courseTitle }: { status: CheckoutStatusResponse; courseTitle: string }) {
  // The course's MVA treatment, as its receipt has it ("uten mva" for an exempt course).
  const vat = usePriceVat(useCatalog().items.find((i) => i.id === status.courseId));
  return (
    <dl className="receipt" data-testid="receipt">
      <div className="receipt__row">
        <dt>Kurs</dt>
        <dd>{courseTitle}</dd>
      </div>
      <div className="receipt__row">
        <dt>Beløp</dt>
        <dd>
          {formatPriceKr(status.amount)} {vat.short}
        </dd>
      </div>
      <div className="receipt__row">
        <dt>E-post</dt>
        <dd>{status.email}</dd>
      </div>
    </dl>
  );
}

/** One outcome of the payment: icon, title, the page's text, then its actions and the contact line. */
function StateCard({
  icon,
  tone,
  title,
  children,
  actions,
  after,
  contact = true,
}: {
  icon: 'check' | 'clock' | 'alert' | 'mail';
  tone: 'ok' | 'wait' | 'info' | 'bad';
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Below the actions, above the contact line. */
  after?: ReactNode;
  contact?: boolean;
}) {
  const settings = useSettings();
  return (
    <Card className={`payment-state payment-state--${tone}`}>
      <span className="payment-state__icon" aria-hidden="true">
        {tone === 'wait' ? <Spinner dark /> : <Icon name={icon} size={32} />}
      </span>
      <h1 className="payment-state__title">{title}</h1>
      {children}
      {actions && <div className="payment-state__actions">{actions}</div>}
      {after}
      {contact && (
        <p className="payment-state__help">
          Spørsmål? Skriv til <MailLink address={settings.contactEmail} />.
        </p>
      )}
    </Card>
  );
}

/**
 * A payment that did not go through: back to the order form, filled in as it was sent (this tab's
 * copy, or what the order holds when the provider brought the buyer back in another tab), saying what
 * happened there.
 */
function BackToForm({ data }: { data: CheckoutStatusResponse }) {
  const [href] = useState(() => {
    const course = isCheckoutCourseId(data.courseId) ? data.courseId : 'foundation';
    const saved = readCheckoutDraft();
    const mine = saved && saved.course === course ? saved : null;
    const method = data.paymentMethod ?? mine?.method ?? 'card';
    saveCheckoutDraft({
      course,
      code: data.campaignCode ?? null,
      method,
      // The address goes back to the form through this tab's copy, never in the address bar.
      email: data.email,
      firstName: data.firstName ?? mine?.firstName ?? '',
      lastName: data.lastName ?? mine?.lastName ?? '',
      // Both were ticked for this order (the server recorded them with it).
      acceptTerms: mine?.acceptTerms ?? true,
      acceptRisk: mine?.acceptRisk ?? true,
      leftFor: null,
      reference: null,
    });
    const query = new URLSearchParams({ course });
    if (data.campaignCode) query.set('kode', data.campaignCode);
    query.set('metode', method);
    query.set('betaling', returnReasonOf(data));
    return `${paths.checkout.href()}?${query.toString()}`;
  });
  // Where this tab's storage is not to be had (private mode), the address travels in the router's state.
  return <Navigate to={href} replace state={{ email: data.email }} />;
}

/** The status of a payment the server knows. */
function StatusCard({ data, refetch }: { data: CheckoutStatusResponse; refetch: Refetch }) {
  const catalog = useCatalog();
  const { me } = useSession();
  const item = catalog.items.find((i) => i.id === data.courseId);
  const courseTitle = item?.title ?? data.courseId;
  // Signed in as the server says after the payment landed (it may have ended this browser's session),
  // never as an earlier copy of the session says: the buttons below must work without a login.
  const signedIn = data.signedIn && !!me && me.email === data.email;
  switch (data.status) {
    case 'paid':
      return (
        <StateCard
          icon="check"
          tone="ok"
          title="Takk for kjøpet!"
          actions={
            signedIn ? (
              <>
                <ButtonLink to={paths.coursePlayer.href(data.courseId)}>Start kurset</ButtonLink>
                <ButtonLink to={paths.accountSettings.href()} variant="secondary">
                  {me && !me.passwordSet && me.claimed ? 'Sett passord' : 'Kontoinnstillinger'}
                </ButtonLink>
              </>
            ) : (
              <>
                <ButtonLink to={paths.login.href({ next: paths.coursePlayer.href(data.courseId), email: data.email })}>
                  Logg inn for å starte kurset
                </ButtonLink>
                <ButtonLink to={paths.accountSettings.href()} variant="secondary">
                  Kontoinnstillinger
                </ButtonLink>
              </>
            )
          }
          after={
            !signedIn && (
              <p className="payment-state__help">
                Har du ikke passord ennå? <Link to={paths.forgotPassword.href()}>Få en lenke på e-post</Link> for å velge ett.
              </p>
            )
          }
        >
          <p className="payment-state__lead">
            {data.demo ? 'Bestillingen er registrert' : 'Betalingen er bekreftet'}, og {courseTitle} er lagt til på kontoen din.
          </p>
          {data.demo && (
            <p className="payment-state__demo" data-testid="demo-notice">
              <Icon name="alert" size={16} /> Demokjøp: ingen betaling er trukket. Betaling er ikke satt opp på denne serveren.
            </p>
          )}
          <Receipt status={data} courseTitle={courseTitle} />
          {signedIn && data.receiptPath && (
            <p className="payment-state__help">
              <Link to={data.receiptPath}>Se og skriv ut kvitteringen</Link> (også som PDF).
            </p>
          )}
          {signedIn && me && !me.passwordSet && (
            <p className="payment-state__note">
              <Icon name="lock" size={16} />{' '}
              {me.claimed
                ? 'Velg et passord nå, så kan du logge inn igjen senere.'
                : `Kvitteringen vi sendte til ${me.email} har en lenke som bekrefter e-postadressen. Bruk den, så kan du velge passord.`}
            </p>
          )}
        </StateCard>
      );
    case 'pending': {
      const gaveUp = refetch.gaveUp && !refetch.isFetching;
      return (
        <StateCard
          icon="clock"
          tone={gaveUp ? 'info' : 'wait'}
          title="Betalingen behandles"
          actions={
            gaveUp && (
              <Button onClick={() => void refetch.run()} busy={refetch.isFetching} disabled={refetch.isFetching}>
                Sjekk igjen
              </Button>
            )
          }
        >
          <p role="status">
            {gaveUp
              ? 'Betalingen er fortsatt ikke bekreftet. Det kan ta litt tid med enkelte betalingsmåter – du får tilgang så snart den er bekreftet.'
              : 'Vi venter på bekreftelse fra betalingsleverandøren. Siden oppdateres av seg selv.'}
          </p>
          <Receipt status={data} courseTitle={courseTitle} />
        </StateCard>
      );
    }
    case 'failed':
    case 'expired':
      return <BackToForm data={data} />;
    case 'refunded':
      return (
        <StateCard icon="alert" tone="bad" title="Ordren er refundert">
          <p>Beløpet er betalt tilbake, og tilgangen til kurset er avsluttet.</p>
          <Receipt status={data} courseTitle={courseTitle} />
        </StateCard>
      );
  }
}

/** Asking the server again: by hand, and whether the polling gave up. */
interface Refetch {
  run: () => Promise<unknown>;
  isFetching: boolean;
  gaveUp: boolean;
}

/**
 * `/betaling/fullfort?session_id=…`: where Stripe sends the buyer back. Shows the receipt once the payment is
 * confirmed (the server fulfils the order if the webhook has not yet), waits and asks again while it is
 * processing, and explains a failed or expired payment. A new buyer is signed in once, to set a password.
 */
export default function PaymentCompletePage() {
  const [params] = useSearchParams();
  // Out of the address bar at once, kept by takeCheckoutSessionId for this tab.
  const [sessionId] = useState(() => takeCheckoutSessionId() ?? params.get('session_id'));
  const { me, refresh } = useSession();
  const q = useCheckoutStatus(sessionId);
  const refreshed = useRef(false);

  const data = q.data;
  useEffect(() => {
    // Paid: the next purchase in this tab starts with an empty form.
    if (data?.status === 'paid') clearCheckoutDraft();
  }, [data?.status]);
  useEffect(() => {
    // Paid: the session is loaded again, once, so that the page and its header say what the server
    // says now: signed in (by this page, or still, with the new course) or signed out.
    if (data && (data.signedIn || data.status === 'paid') && !refreshed.current) {
      refreshed.current = true;
      void refresh();
    }
  }, [data, refresh]);

  const refetch: Refetch = { run: () => q.refetch(), isFetching: q.isFetching, gaveUp: q.gaveUp };
  let body: ReactNode;
  if (!sessionId) {
    // Opened again without its reference (a reload in another tab, a bookmark): nothing is wrong with
    // the purchase, so the page says calmly where it is instead of an error.
    body = (
      <StateCard
        icon="mail"
        tone="info"
        title="Kjøpet ditt finner du under Mine kurs"
        actions={
          <>
            {me ? (
              <ButtonLink to={paths.dashboard.href()}>Mine kurs</ButtonLink>
            ) : (
              <ButtonLink to={paths.login.href({ next: paths.dashboard.href() })}>Logg inn</ButtonLink>
            )}
            <ButtonLink to={paths.checkout.href()} variant="secondary">
              Til bestilling
            </ButtonLink>
          </>
        }
      >
        <p data-testid="payment-no-reference">
          Denne siden viser betalingen bare rett etter at du har betalt. Når betalingen er bekreftet, ligger kurset under Mine
          kurs{me ? '' : ' når du logger inn'}, og kvitteringen kommer på e-post.
        </p>
      </StateCard>
    );
  } else if (q.isPending) {
    body = (
      <StateCard icon="clock" tone="wait" title="Sjekker betalingen …" contact={false}>
        <p role="status">Et øyeblikk, vi henter status fra betalingsleverandøren.</p>
      </StateCard>
    );
  } else if (q.isError || !data) {
    const notFound = q.error instanceof ApiError && q.error.status === 404;
    body = (
      <StateCard
        icon="alert"
        tone="bad"
        title={notFound ? 'Fant ikke betalingen' : 'Vi fikk ikke sjekket betalingen'}
        actions={
          <>
            {!notFound && (
              <Button onClick={() => void q.refetch()} busy={q.isFetching} disabled={q.isFetching}>
                Prøv igjen
              </Button>
            )}
            <ButtonLink to={paths.dashboard.href()} variant="secondary">
              Mine kurs
            </ButtonLink>
          </>
        }
      >
        <p>
          {notFound
            ? 'Vi finner ingen betaling med denne lenken.'
            : 'Vi fikk ikke kontakt med betalingsleverandøren akkurat nå. Har du betalt, er pengene trygge – prøv igjen om litt.'}
        </p>
      </StateCard>
    );
  } else {
    body = <StatusCard data={data} refetch={refetch} />;
  }

  return (
    <CheckoutShell>
      <Seo title="Betaling" description="Status for betalingen din." noindex />
      <div className="container container--narrow payment-page">{body}</div>
    </CheckoutShell>
  );
}
