import { leadDestination, MARKETING_CONSENT_TEXT, type LeadCourseType, type TrafficSource } from '@academy/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { buttonClass } from '../../../components/Button';
import { Input } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { paths, type SignupRetry, type StarterArrival } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { getAttribution } from '../../../lib/attribution';
import { cx } from '../../../lib/class-names';
import { useMounted } from '../../../lib/hooks';
import { createLead } from '../api/create-lead';
import { createUser } from '../api/create-user';
import './LeadForm.css';

export const LEAD_NOTE = 'Ingen spam. Umiddelbar tilgang. Avmeld når som helst.';
export const SUCCESS_REDIRECT_MS = 3000;
export const FAILURE_REDIRECT_MS = 2000;

type Status = 'idle' | 'submitting' | 'success' | 'failed';

export interface LeadFormProps {
  courseType: LeadCourseType;
  /** Page path or code the form is sent from (stored on the lead). */
  source: string;
  /** Variant of the page (A–D, starter): stored with the lead only when the visit's first touch is unknown. */
  trafficSource?: TrafficSource;
  /**
   * Free sign-up: `POST /api/create-user` with this traffic source, then the Starter player, signed out,
   * telling that the sign-in link was mailed (A, C, D and the home page). Without it the form records a
   * lead (`POST /api/leads`).
   */
  signupAs?: TrafficSource;
  submitLabel?: string;
  label?: string;
  /** Show the label visually (it is always there for screen readers). */
  showLabel?: boolean;
  layout?: 'inline' | 'stacked';
  tone?: 'light' | 'dark';
  /** Pre-filled address (set after mount, e.g. from ?email=). */
  initialEmail?: string;
  className?: string;
}

/**
 * The one lead form: idle → 'SENDER...' (disabled) → 'Velkommen!', then after 3 s to the
 * next step. A failure is logged and redirects after 2 s; a 400 shows the server's Norwegian message and
 * stays. The free sign-up (`signupAs`) does not wait: it goes on the moment the server answers. It is a real form posting to `/`, so it also works before (or without) JavaScript.
 */
export function LeadForm({
  courseType,
  source,
  trafficSource,
  signupAs,
  submitLabel = 'FÅ GRATIS TILGANG',
  label = 'E-postadresse',
  showLabel = false,
  layout = 'inline',
  tone = 'light',
  initialEmail,
  className,
}: LeadFormProps) {
  const navigate = useNavigate();
  const mounted = useMounted();
  const id = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  /** The unticked marketing box (markedsføringsloven § 15): ticked, a confirmation mail follows. */
  const [marketingConsent, setMarketingConsent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // Keep what was typed into the server-rendered field before the page hydrated.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setEmail((e) => e || typed);
  }, []);
  useEffect(() => {
    if (initialEmail) setEmail((e) => e || initialEmail);
  }, [initialEmail]);

  const busy = status === 'submitting' || status === 'success' || status === 'failed';
  const later = (path: string, ms: number) => {
    timer.current = setTimeout(() => void navigate(path), ms);
  };
  /** A 400 shows the server's message and stays; anything else is logged and goes on to `fallback`. */
  const fail = (err: unknown, log: string, fallback: string) => {
    if (err instanceof ApiError && err.status === 400) {
      setStatus('idle');
      setError(err.message);
      return;
    }
    console.error(log, err);
    setStatus('failed');
    later(fallback, FAILURE_REDIRECT_MS);
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = email.trim();
    if (!value || busy) return;
    setStatus('submitting');
    setError(null);
    const attribution = getAttribution();
    if (signupAs) {
      // The free sign-up goes on as soon as the server answers, and the address never goes in a URL
      // (history, logs, the Referer, the Google tag): the failure page gets it as router state.
      try {
        const res = await createUser({ email: value, courseType, trafficSource: signupAs, attribution, marketingConsent });
        if (!res.success) throw new Error(res.error ?? 'Registreringen feilet');
        setStatus('success');
        // No session yet: the sign-in link is in the welcome mail. The Starter player works signed out.
        const state: StarterArrival = { signInLinkSent: true };
        void navigate(paths.coursePlayer.href('starter'), { state });
      } catch (err) {
        if (err instanceof ApiError && err.status === 400) {
          setStatus('idle');
          setError(err.message);
          return;
        }
        console.error('Registrering feilet:', err);
        setStatus('failed');
        const state: SignupRetry = { email: value, course: courseType };
        void navigate(paths.signup.href(), { state });
      }
      return;
    }
    const fallback = leadDestination(courseType, value);
    try {
      const res = await createLead({
        email: value,
        courseType,
        source,
        // The visit's first touch wins; the page's own variant only when none is known (docs/decisions.md "Attribution").
        trafficSource: attribution?.trafficSource ?? trafficSource,
        attribution,
        marketingConsent,
      });
      setStatus('success');
      later(res.next || fallback, SUCCESS_REDIRECT_MS);
    } catch (err) {
      fail(err, 'Form submission failed', fallback);
    }
  }

  const buttonText = status === 'submitting' ? 'SENDER...' : status === 'success' ? 'Velkommen!' : submitLabel;
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  return (
    <form
      method="post"
      action={paths.home.href()}
      className={cx('lead-form', `lead-form--${layout}`, `lead-form--${tone}`, className)}
      onSubmit={onSubmit}
      noValidate={false}
      data-testid="lead-form"
    >
      <input type="hidden" name="form-name" value="lead-capture" />
      <input type="hidden" name="course-type" value={courseType} />
      <input type="hidden" name="source" value={source} />
      <label htmlFor={inputId} className={showLabel ? 'lead-form__label' : 'sr-only'}>
        {label}
      </label>
      <div className="lead-form__row">
        <Input
          id={inputId}
          ref={inputRef}
          className="lead-form__input"
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="din@epost.no"
          maxLength={254}
          value={email}
          readOnly={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${noteId}` : noteId}
          onChange={(e) => {
            setEmail(e.target.value);
            if (error) setError(null);
          }}
        />
        <button
          type="submit"
          className={buttonClass({ size: 'lg' }, 'lead-form__submit')}
          disabled={mounted && (!email.trim() || busy)}
          aria-busy={status === 'submitting' || undefined}
        >
          {status === 'submitting' && <Spinner />}
          {buttonText}
        </button>
      </div>
      <label className="lead-form__consent">
        <input
          type="checkbox"
          name="marketing-consent"
          value="on"
          checked={marketingConsent}
          disabled={busy}
          onChange={(e) => setMarketingConsent(e.target.checked)}
          data-testid="marketing-consent"
        />
        <span>{MARKETING_CONSENT_TEXT}</span>
      </label>
      <p className="lead-form__status" role="status" aria-live="polite">
        {status === 'success' ? 'Velkommen! Du sendes videre om et øyeblikk …' : ''}
      </p>
      {error && (
        <p id={errorId} className="lead-form__error" role="alert">
          {error}
        </p>
      )}
      <p id={noteId} className="lead-form__note">
        {LEAD_NOTE}
      </p>
    </form>
  );
}
