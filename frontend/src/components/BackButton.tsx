import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { Icon } from './Icon';
import { cx } from '../lib/class-names';
import './BackButton.css';

/** "Tilbake": goes back in history, or to `fallback` when the page was opened directly. */
export function BackButton({
  fallback = paths.home.href(),
  label = 'Tilbake',
  className,
}: {
  fallback?: string;
  label?: string;
  className?: string;
}) {
  const navigate = useNavigate();
  return (
    <a
      href={fallback}
      className={cx('back-link', className)}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) void navigate(-1);
        else void navigate(fallback);
      }}
    >
      <Icon name="arrowLeft" size={18} />
      {label}
    </a>
  );
}

/** "Tilbake til …" that always goes to one page (e.g. 'Tilbake til dashboard' → /dashboard), whatever the history. */
export function BackLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <Link to={to} className={cx('back-link', className)}>
      <Icon name="arrowLeft" size={18} />
      {label}
    </Link>
  );
}
