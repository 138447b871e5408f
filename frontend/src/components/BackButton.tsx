import { useNavigate } from 'react-router-dom';
import { Icon } from './Icon';

/** "Tilbake": goes back in history, or to `fallback` when the page was opened directly. */
export function BackButton({
  fallback = '/',
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
      className={['back-link', className ?? ''].filter(Boolean).join(' ')}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) navigate(-1);
        else navigate(fallback);
      }}
    >
      <Icon name="arrowLeft" size={18} />
      {label}
    </a>
  );
}
