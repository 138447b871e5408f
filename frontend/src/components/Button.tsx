import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Spinner } from './Spinner';
import { cx } from '../lib/class-names';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'light' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface Common {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  children: ReactNode;
}

export function buttonClass(
  { variant = 'primary', size = 'md', block = false }: Omit<Common, 'children'>,
  extra?: string,
): string {
  return cx('btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', extra);
}

export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  busy,
  children,
  ...rest
}: Common & ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean }) {
  return (
    <button type={type} className={buttonClass({ variant, size, block }, className)} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner />}
      {children}
    </button>
  );
}

/** A link that looks like a button (in-app routes). */
export function ButtonLink({ variant, size, block, className, children, ...rest }: Common & LinkProps) {
  return (
    <Link className={buttonClass({ variant, size, block }, className)} {...rest}>
      {children}
    </Link>
  );
}

/** A plain anchor that looks like a button (external links, mailto, in-page anchors). */
export function ButtonAnchor({
  variant,
  size,
  block,
  className,
  children,
  ...rest
}: Common & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a className={buttonClass({ variant, size, block }, className)} {...rest}>
      {children}
    </a>
  );
}
