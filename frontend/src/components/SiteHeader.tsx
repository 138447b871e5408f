import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useSettings } from '../lib/app-state';
import { cx } from '../lib/class-names';
import { Logo } from './Logo';
import './SiteHeader.css';

export type SiteHeaderVariant = 'site' | 'member' | 'checkout';

/**
 * The one header of the site: the mark and name (a link home), then the variant's own items.
 * - `site` (marketing pages): fixed over the dark hero; `transparent` until the page is scrolled.
 * - `member` (sign-in and member area): sticky, `actions` on the right (e-mail, buttons).
 * - `checkout`: a quiet bar, `actions` on the right (the secure-payment note).
 * `children` come right after the mark (the site variant's menu).
 */
export function SiteHeader({
  variant,
  transparent = false,
  actions,
  children,
  className,
  ...rest
}: {
  variant: SiteHeaderVariant;
  transparent?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
} & HTMLAttributes<HTMLElement>) {
  const settings = useSettings();
  return (
    <header
      className={cx('site-header', `site-header--${variant}`, transparent && 'site-header--transparent', className)}
      {...rest}
    >
      <div className="container site-header__inner">
        <Link to={paths.home.href()} className="site-header__brand" aria-label={`${settings.siteName} – til forsiden`}>
          <Logo />
          <span className="site-header__name">{settings.siteName}</span>
        </Link>
        {children}
        {actions && <div className="site-header__actions">{actions}</div>}
      </div>
    </header>
  );
}
