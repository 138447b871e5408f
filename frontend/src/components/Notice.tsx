import type { HTMLAttributes, ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import './Notice.css';

/** A highlighted note with an icon (a mailed link, a failed sign-up, a missing password). */
export function Notice({
  as: As = 'p',
  icon,
  iconSize,
  children,
  ...rest
}: { as?: 'p' | 'div'; icon: IconName; iconSize?: number; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  return (
    <As className="notice" {...rest}>
      <Icon name={icon} size={iconSize} />
      {children}
    </As>
  );
}
