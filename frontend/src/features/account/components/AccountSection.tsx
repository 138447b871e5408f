import type { ComponentProps } from 'react';
import { Card } from '../../../components/Layout';
import { cx } from '../../../lib/class-names';
import './AccountSection.css';

/** One card of the account settings page (account, password, your data). */
export function AccountSection({ className, ...rest }: ComponentProps<typeof Card>) {
  return <Card className={cx('account-section', className)} {...rest} />;
}
