import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../lib/class-names';
import './Tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  /** Small text under the label (e.g. a price). */
  hint?: ReactNode;
}

/**
 * WAI-ARIA tabs with a roving tabindex: one tab in the Tab order, arrow keys / Home / End move between
 * tabs and activate them (automatic activation), `aria-selected` on the current one.
 * The panel is rendered by {@link TabPanel} with the same `idBase`.
 */
export function TabList<K extends string>({
  items,
  selected,
  onSelect,
  label,
  idBase,
  className,
}: {
  items: TabItem<K>[];
  selected: K;
  onSelect: (key: K, via: 'click' | 'keyboard') => void;
  label: string;
  idBase: string;
  className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = items.findIndex((i) => i.key === selected);
    let next = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (current + 1) % items.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = (current - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onSelect(items[next].key, 'keyboard');
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={cx('tabs', className)} onKeyDown={onKeyDown}>
      {items.map((item, i) => {
        const isSel = item.key === selected;
        return (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${item.key}`}
            aria-selected={isSel}
            aria-controls={`${idBase}-panel`}
            tabIndex={isSel ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(item.key, 'click')}
          >
            <span className="tabs__label">{item.label}</span>
            {item.hint && <span className="tabs__hint">{item.hint}</span>}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idBase,
  selected,
  children,
  className,
}: {
  idBase: string;
  selected: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idBase}-panel`}
      aria-labelledby={`${idBase}-tab-${selected}`}
      tabIndex={0}
      className={cx('tabpanel', className)}
    >
      {children}
    </div>
  );
}

/** A stable id prefix for a tab set. */
export function useTabsId(name: string): string {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return `${name}-${id}`;
}
