import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';
import { SkipLink } from './SkipLink';
import './AppShell.css';

/**
 * The page of a browser-only route (sign-in, member area, checkout): skip link, the page's header,
 * main, and an optional footer. `checkout` sits the content a little closer to the header.
 */
export function AppShell({
  header,
  footer,
  children,
  variant = 'member',
  className,
}: {
  header: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  variant?: 'member' | 'checkout';
  className?: string;
}) {
  return (
    <div className={cx('app-shell', variant === 'checkout' && 'app-shell--checkout', className)}>
      <SkipLink />
      {header}
      <main id="main" tabIndex={-1} className="app-shell__main">
        {children}
      </main>
      {footer}
    </div>
  );
}
