import type { ReactNode } from 'react';
import { Container } from '../../../components/Layout';

/** The dark band every marketing page starts with (the navigation bar sits transparent on top of it). */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  aside,
  size = 'lg',
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  aside?: ReactNode;
  size?: 'lg' | 'sm';
}) {
  return (
    <section className={`hero hero--${size}`} aria-labelledby="page-title">
      <Container className={aside ? 'hero__grid' : undefined}>
        <div className="hero__content">
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
