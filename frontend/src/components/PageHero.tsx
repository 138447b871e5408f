import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';
import { Container } from './Layout';
import './PageHero.css';

/**
 * The dark band the marketing and legal pages start with (the header sits transparent on top of it):
 * `before` the heading (a Back link), eyebrow, the page's one `<h1>`, lead, then `children`; an `aside`
 * beside it on wide screens.
 */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  aside,
  before,
  size = 'lg',
  narrow,
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  aside?: ReactNode;
  before?: ReactNode;
  size?: 'lg' | 'sm';
  narrow?: boolean;
  className?: string;
}) {
  return (
    <section className={cx('hero', `hero--${size}`, className)} aria-labelledby="page-title">
      <Container narrow={narrow} className={aside ? 'hero__grid' : undefined}>
        <div className="hero__content">
          {before}
          {eyebrow && <p className="hero__eyebrow">{eyebrow}</p>}
          <h1 id="page-title" className="hero__title">
            {title}
          </h1>
          {lead && <p className="hero__lead">{lead}</p>}
          {children}
        </div>
        {aside && <div className="hero__aside">{aside}</div>}
      </Container>
    </section>
  );
}
