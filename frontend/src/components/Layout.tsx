import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/class-names';
import './Layout.css';

export function Container({ className, narrow, ...rest }: HTMLAttributes<HTMLDivElement> & { narrow?: boolean }) {
  return <div className={cx('container', narrow && 'container--narrow', className)} {...rest} />;
}

export type SectionTone = 'default' | 'muted' | 'dark' | 'accent';

export function Section({
  tone = 'default',
  className,
  children,
  narrow,
  labelledBy,
  ...rest
}: HTMLAttributes<HTMLElement> & { tone?: SectionTone; narrow?: boolean; labelledBy?: string; children: ReactNode }) {
  return (
    <section className={cx('section', `section--${tone}`, className)} aria-labelledby={labelledBy} {...rest}>
      <Container narrow={narrow}>{children}</Container>
    </section>
  );
}

/** Eyebrow + heading + lead paragraph at the top of a section. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  lead,
  center,
  level = 2,
}: {
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  center?: boolean;
  level?: 1 | 2;
}) {
  const H = level === 1 ? 'h1' : 'h2';
  return (
    <header className={cx('section-header', center && 'section-header--center')}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <H id={id} className="section-title">
        {title}
      </H>
      {lead && <p className="lead">{lead}</p>}
    </header>
  );
}

export function Card({
  className,
  highlight,
  as: As = 'div',
  ...rest
}: HTMLAttributes<HTMLElement> & { highlight?: boolean; as?: 'div' | 'article' | 'li' | 'section' }) {
  return <As className={cx('card', highlight && 'card--highlight', className)} {...rest} />;
}

export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'success' | 'accent' | 'dark' }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
