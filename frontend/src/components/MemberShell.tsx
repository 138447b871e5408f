import type { ReactNode } from 'react';
import { AppShell } from './AppShell';
import { Icon, type IconName } from './Icon';
import { SiteHeader } from './SiteHeader';
import { Spinner } from './Spinner';
import './MemberShell.css';

/** A page of the member area (sign-in, dashboard, player, account): the member header and main. */
export function MemberPage({ header, children, className }: { header?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <AppShell header={<SiteHeader variant="member" actions={header} />} className={className}>
      {children}
    </AppShell>
  );
}

/** "Laster…" with a spinner, for a region that waits for the server. */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <div className="member-loading" role="status" aria-live="polite">
      <Spinner dark />
      <span>{text}</span>
    </div>
  );
}

/** A member page that waits for the server (the session, a course): header and the loading status. */
export function MemberLoading({ text = 'Laster...' }: { text?: string }) {
  return (
    <div className="app-shell">
      <SiteHeader variant="member" />
      <LoadingStatus text={text} />
    </div>
  );
}

/** A centred message in place of the page's content (a course that is gone, an error, a deleted account). */
export function MemberEmpty({
  icon,
  title,
  children,
  role,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
  role?: 'status';
}) {
  return (
    <div className="container container--narrow member-empty" role={role}>
      <Icon name={icon} size={40} />
      <h1>{title}</h1>
      {children}
    </div>
  );
}
