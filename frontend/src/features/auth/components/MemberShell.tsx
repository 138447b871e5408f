import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../app/layout/Logo';
import { ButtonLink } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../lib/app-state';
import './member.css';

/** The member area's header: the site's mark, then the page's own items (e-mail, buttons). */
export function MemberHeader({ children }: { children?: ReactNode }) {
  const settings = useSettings();
  return (
    <header className="member-header">
      <div className="container member-header__inner">
        <Link to={paths.home.href()} className="member-header__brand" aria-label={`${settings.siteName} – til forsiden`}>
          <Logo />
          <span className="member-header__name">{settings.siteName}</span>
        </Link>
        {children && <div className="member-header__actions">{children}</div>}
      </div>
    </header>
  );
}

/** A page of the member area: header and main. */
export function MemberPage({ header, children, className }: { header?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={['member', className ?? ''].filter(Boolean).join(' ')}>
      <a className="skip-link" href="#main">
        Hopp til innholdet
      </a>
      <MemberHeader>{header}</MemberHeader>
      <main id="main" tabIndex={-1} className="member__main">
        {children}
      </main>
    </div>
  );
}

export function MemberLoading({ text = 'Laster...' }: { text?: string }) {
  return (
    <div className="member">
      <MemberHeader />
      <div className="member-loading" role="status" aria-live="polite">
        <span className="spinner spinner--dark" aria-hidden="true" />
        <span>{text}</span>
      </div>
    </div>
  );
}

/** A course that is gone (the API answered 404 for a known id). */
export function CourseNotFound() {
  return (
    <MemberPage>
      <div className="container container--narrow member-empty">
        <Icon name="alert" size={40} />
        <h1>Kurs ikke funnet</h1>
        <p>Kurset finnes ikke lenger, eller det er midlertidig utilgjengelig.</p>
        <ButtonLink to={paths.dashboard.href()} variant="secondary">
          <Icon name="arrowLeft" size={18} />
          Tilbake til Mine kurs
        </ButtonLink>
      </div>
    </MemberPage>
  );
}
