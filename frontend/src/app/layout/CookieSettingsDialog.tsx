import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import type { ConsentChoice } from '../../lib/consent';
import './CookieSettingsDialog.css';

type Category = 'necessary' | 'functional' | 'analytics' | 'marketing';

const CATEGORIES: { key: Category; title: string; text: string }[] = [
  { key: 'necessary', title: 'Nødvendige', text: 'Innlogging, sikkerhet og lagring av dette valget. Kan ikke slås av.' },
  {
    key: 'functional',
    title: 'Funksjonelle',
    text: 'Husker innstillinger og valg du gjør, slik at siden fungerer slik du forventer.',
  },
  {
    key: 'analytics',
    title: 'Statistikk',
    text: 'Anonym statistikk (Google Analytics) som hjelper oss å forstå hvilke sider som er nyttige.',
  },
  { key: 'marketing', title: 'Markedsføring', text: 'Måling av annonser og tilpasset markedsføring på andre nettsteder.' },
];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Modal settings dialog: focus stays inside, Escape closes, focus returns to where it was. */
export function CookieSettingsDialog({
  initial,
  onSave,
  onAcceptAll,
  onClose,
}: {
  initial: ConsentChoice;
  onSave: (c: ConsentChoice) => void;
  onAcceptAll: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [choice, setChoice] = useState<ConsentChoice>({ ...initial, necessary: true });
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
      (el) => el.offsetParent !== null,
    );
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className="cookie-dialog"
      aria-labelledby={titleId}
      aria-describedby={descId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      data-testid="cookie-dialog"
    >
      <form
        method="dialog"
        className="cookie-dialog__body"
        onSubmit={(e) => {
          e.preventDefault();
          onSave({ ...choice, necessary: true });
        }}
      >
        <div className="cookie-dialog__head">
          <h2 id={titleId}>Cookie-innstillinger</h2>
          <button type="button" className="icon-button" aria-label="Lukk" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <p id={descId} className="cookie-dialog__intro">
          Velg hvilke informasjonskapsler vi kan bruke. Du kan endre valget når som helst via «Cookie-innstillinger» nederst på
          siden.
        </p>
        <ul className="cookie-dialog__list">
          {CATEGORIES.map((c) => {
            const id = `${titleId}-${c.key}`;
            const locked = c.key === 'necessary';
            return (
              <li key={c.key} className="cookie-option">
                <div className="cookie-option__text">
                  <label htmlFor={id} className="cookie-option__title">
                    {c.title}
                    {locked && <span className="cookie-option__locked"> (alltid på)</span>}
                  </label>
                  <p id={`${id}-desc`}>{c.text}</p>
                </div>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  className="switch"
                  name={c.key}
                  checked={choice[c.key]}
                  disabled={locked}
                  aria-describedby={`${id}-desc`}
                  data-autofocus={c.key === 'functional' ? true : undefined}
                  onChange={(e) => !locked && setChoice((prev) => ({ ...prev, [c.key]: e.target.checked }))}
                />
              </li>
            );
          })}
        </ul>
        <div className="cookie-dialog__actions">
          <Button variant="secondary" onClick={onAcceptAll}>
            Aksepter alle
          </Button>
          <Button type="submit" variant="primary">
            Lagre innstillinger
          </Button>
        </div>
      </form>
    </dialog>
  );
}
