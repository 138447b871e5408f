import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { SiteHeader } from '../../components/SiteHeader';
import { paths } from '../../config/paths';
import { useSettings } from '../../lib/app-state';
import { cx } from '../../lib/class-names';
import { useScrolledPast } from '../../lib/hooks';
import { useSignedIn } from '../../lib/signed-in';
import './NavBar.css';

/** The marketing pages' header: the site header, transparent over the page's dark hero until scrolled more than 50 px, with the main menu. */
export function NavBar() {
  const settings = useSettings();
  // Asked in the browser after hydration (the server renders every public page signed out).
  const me = useSignedIn();
  const scrolled = useScrolledPast(50);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const links = [
    { to: paths.free.href(), label: 'Gratis kurs' },
    { to: paths.courseSales.href('foundation'), label: 'Foundation' },
    { to: paths.courseSales.href('accelerator'), label: 'Accelerator' },
    { to: paths.crypto.href(), label: 'Kryptovaluta' },
    { to: paths.mentor.href(settings.mentorSlug), label: 'Om mentoren' },
  ];

  return (
    <SiteHeader variant="site" transparent={!(scrolled || open)} className="nav" data-scrolled={scrolled ? 'true' : 'false'}>
      <nav aria-label="Hovedmeny" className="nav__nav">
        <ul id={menuId} className={cx('nav__links', open && 'nav__links--open')}>
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className="nav__link">
                {l.label}
              </NavLink>
            </li>
          ))}
          {me ? (
            <li className="nav__mobile-only">
              <NavLink to={paths.dashboard.href()} className="nav__link">
                Mine kurs
              </NavLink>
            </li>
          ) : (
            <>
              <li className="nav__login-item">
                <NavLink to={paths.login.href()} className="nav__link">
                  Logg inn
                </NavLink>
              </li>
              <li className="nav__mobile-only">
                <NavLink to={paths.signup.href()} className="nav__link">
                  Kom i gang
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
      <div className="nav__actions">
        {me ? (
          <ButtonLink to={paths.dashboard.href()} size="sm" className="nav__cta" data-testid="nav-my-courses">
            Mine kurs
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.signup.href()} size="sm" className="nav__cta">
            Kom i gang
          </ButtonLink>
        )}
        <button
          type="button"
          className="nav__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Lukk meny' : 'Åpne meny'}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name={open ? 'close' : 'menu'} size={22} />
        </button>
      </div>
    </SiteHeader>
  );
}
