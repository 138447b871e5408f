import { cx } from '../lib/class-names';
import './Spinner.css';

/** The turning ring: small and light inside buttons, `dark` and large on its own. Decorative. */
export function Spinner({ dark = false }: { dark?: boolean }) {
  return <span className={cx('spinner', dark && 'spinner--dark')} aria-hidden="true" />;
}
