import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import './OfferCard.css';

/** The dark card beside a page's hero (or in its sign-up section): a small label, then the offer. */
export function OfferCard({ label, stacked, children }: { label?: string; stacked?: boolean; children: ReactNode }) {
  return (
    <div className={cx('offer-card', stacked && 'offer-card--stacked')}>
      {label && <p className="offer-card__label">{label}</p>}
      {children}
    </div>
  );
}
