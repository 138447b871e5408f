import type { AdminPaymentReview } from '@academy/contracts';
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../lib/format';
import { errorMessage, httpClient } from '../lib/http';

/**
 * «Betalinger til vurdering»: renewal payments that renewed nothing (a subscription or charge the
 * shop never made, not the agreed price). Each says what came in, what was agreed and what the
 * mentor can do; «Merk som behandlet» takes it out of the work queue once the mentor has acted.
 */
export function PaymentReviewsCard({ count, onChange }: { count: number; onChange: (left: number) => void }) {
  const [rows, setRows] = useState<AdminPaymentReview[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(() => {
    httpClient('/api/admin/payment-reviews')
      .then(({ json }) => setRows(json as AdminPaymentReview[]))
      .catch((e: unknown) => setError(errorMessage(e)));
  }, []);
  useEffect(() => {
    if (count > 0) load();
  }, [count, load]);

  if (count === 0 && !rows?.length) return null;

  async function resolve(id: number) {
    setBusy(id);
    setError(null);
    try {
      await httpClient(`/api/admin/payment-reviews/${id}/resolve`, { method: 'POST', body: '{}' });
      const left = (rows ?? []).filter((x) => x.id !== id);
      setRows(left);
      onChange(left.length);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="lt-card" aria-labelledby="payment-reviews" id="betalinger-til-vurdering">
      <h2 id="payment-reviews">Betalinger til vurdering</h2>
      <div className="lt-card-body">
        {error && (
          <p className="lt-alert" role="alert">
            {error}
          </p>
        )}
        {rows === null ? (
          <p className="lt-secondary">Henter …</p>
        ) : rows.length === 0 ? (
          <p className="lt-secondary">Ingen betalinger venter.</p>
        ) : (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 16 }}>
            {rows.map((r) => (
              <li key={r.id} data-testid={`payment-review-${r.id}`} style={{ borderTop: '1px solid #e3e6ea', paddingTop: 12 }}>
                <p style={{ margin: '0 0 4px' }}>{r.text}</p>
                <p className="lt-secondary" style={{ margin: '0 0 8px' }}>
                  {formatDateTime(r.createdAt)}
                  {r.email ? ` · ${r.email}` : ''}
                </p>
                <button type="button" className="lt-btn" disabled={busy === r.id} onClick={() => void resolve(r.id)}>
                  Merk som behandlet
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
