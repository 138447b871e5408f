import type { ReactNode } from 'react';
import './Faq.css';

/** Questions and answers with native disclosure (works without JavaScript, keyboard included). */
export function Faq({ items }: { items: { q: string; a: ReactNode }[] }) {
  return (
    <div className="faq">
      {items.map((it) => (
        <details key={it.q} className="faq__item">
          <summary className="faq__q">{it.q}</summary>
          <div className="faq__a">{it.a}</div>
        </details>
      ))}
    </div>
  );
}
