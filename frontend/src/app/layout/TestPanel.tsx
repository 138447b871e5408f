import { VARIANT_LABELS } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths, withQuery } from '../../config/paths';
import { useSettings } from '../../lib/app-state';
import { cx } from '../../lib/class-names';
import { isLocalHost } from '../../lib/hooks';
import './TestPanel.css';

/**
 * Navigation panel for testing the funnel: shown only on localhost or with `?test=true`.
 * Decided after mount so the server HTML and hydration never differ.
 */
export function TestPanel() {
  const settings = useSettings();
  const location = useLocation();
  const [visible, setVisible] = useState(false);
  const [open, setOpen] = useState(false);
  const local = typeof window !== 'undefined' && isLocalHost(window.location.hostname);
  const testParam = new URLSearchParams(location.search).get('test') === 'true';

  useEffect(() => {
    setVisible(isLocalHost(window.location.hostname) || testParam);
  }, [testParam]);

  if (!visible) return null;
  // Off localhost the panel's own links keep ?test=true so it stays visible.
  const to = (path: string) => (local ? path : withQuery(path, { test: 'true' }));
  const groups: { title: string; links: [string, string][] }[] = [
    {
      title: 'Varianter',
      links: [
        // The variants by the one name the mentor sees in the panel too (contracts' VARIANT_LABELS).
        [VARIANT_LABELS.starter, paths.home.href()],
        [VARIANT_LABELS.A, paths.free.alias],
        [VARIANT_LABELS.B, paths.professional.alias],
        [VARIANT_LABELS.C, paths.mentor.alias],
        [VARIANT_LABELS.D, paths.crypto.alias],
      ],
    },
    {
      title: 'Sider',
      links: [
        ['Kurs: Foundation', paths.courseSales.href('foundation')],
        ['Kurs: Accelerator', paths.courseSales.href('accelerator')],
        ['Påmelding', paths.signup.href()],
        ['Bestill', paths.checkout.href({ course: 'foundation' })],
        ['Gratis kurs (spiller)', paths.coursePlayer.href('starter')],
        ['Logg inn', paths.login.href()],
        ['Mine kurs', paths.dashboard.href()],
        ['Vilkår', paths.terms.href()],
        ['Personvern', paths.privacy.href()],
        ['Cookies', paths.cookies.href()],
        [`Mentor (/${settings.mentorSlug}-trading-mentor)`, paths.mentor.href(settings.mentorSlug)],
      ],
    },
  ];
  return (
    <aside className={cx('test-panel', open && 'test-panel--open')} aria-label="Testnavigasjon" data-testid="test-panel">
      <button type="button" className="test-panel__toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Test
      </button>
      {open && (
        <div className="test-panel__body">
          {groups.map((g) => (
            <div key={g.title}>
              <h2 className="test-panel__title">{g.title}</h2>
              <ul>
                {g.links.map(([label, href]) => (
                  <li key={href}>
                    <Link to={to(href)}>{label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </aside>
  );
}
