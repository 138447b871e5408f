import './Captions.css';

/** "Teksting": turns the video's captions track on or off (a toggle button, its state read out). */
export function CaptionsToggle({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  return (
    <button
      type="button"
      className="captions-toggle"
      aria-pressed={on}
      data-testid="captions-toggle"
      onClick={() => onChange(!on)}
    >
      <span className="captions-toggle__icon" aria-hidden="true">
        CC
      </span>
      Teksting {on ? 'på' : 'av'}
    </button>
  );
}
