import './VippsLoginButton.css';

/** Where «Logg inn med Vipps» starts: the server sends the browser on to Vipps (`next`: a path on this site). */
export function vippsStartHref(next: string): string {
  return `/api/auth/vipps/start?${new URLSearchParams({ next })}`;
}

/**
 * «Logg inn med Vipps» (or another label, «Fyll ut med Vipps» at the order form): a plain link, since
 * the server answers with a redirect to Vipps. Shown only where the site has Vipps sign-in set up.
 */
export function VippsLoginButton({
  next,
  label = 'Logg inn med Vipps',
  onBeforeLeave,
}: {
  next: string;
  label?: string;
  /** Runs before the browser leaves for Vipps (the order form keeps what was typed). */
  onBeforeLeave?: () => void;
}) {
  return (
    <a className="vipps-login-button" href={vippsStartHref(next)} onClick={onBeforeLeave} data-testid="vipps-login">
      <span className="vipps-login-button__mark" aria-hidden="true">
        vipps
      </span>
      {label}
    </a>
  );
}

/** «eller» between the Vipps button and the form below it. */
export function OrDivider() {
  return (
    <p className="vipps-login-or">
      <span>eller</span>
    </p>
  );
}
