import { orderStatusLabel, variantLabel, type AdminLead, type AdminOrder, type OrderStatus } from '@academy/contracts';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../lib/format';
import { formatKr } from '../lib/money';
import { COURSE_LABELS, label } from '../lib/labels';

const STATUS_CLASS: Record<OrderStatus, string> = {
  pending: '',
  paid: 'ok',
  failed: 'bad',
  expired: '',
  refunded: 'warn',
  partially_refunded: 'info',
};

/** A payment refused when it landed reads «Avvist – venter på refusjon» while its refund waits, never «Betalt». */
function StatusBadge({ status, refusal }: { status: OrderStatus; refusal: string | null }) {
  const cls = refusal && status === 'paid' ? 'bad' : (STATUS_CLASS[status] ?? '');
  return <span className={`lt-badge ${cls}`}>{orderStatusLabel(status, refusal)}</span>;
}

export function LatestLeads({ leads }: { leads: AdminLead[] }) {
  return (
    <section className="lt-card">
      <h2>Nyeste leads</h2>
      {leads.length === 0 ? (
        <p className="lt-card-body">Ingen leads ennå.</p>
      ) : (
        <ul className="lt-list">
          {leads.map((l) => (
            <li key={l.id}>
              <Link to={`/admin/leads/${l.id}/show`}>
                <span className="lt-primary">{l.email}</span>
                <span className="lt-secondary">
                  {`${formatDateTime(l.createdAt)} · ${label(COURSE_LABELS, l.courseType)} · ${l.trafficSource ? variantLabel(l.trafficSource) : 'ukjent variant'}`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function LatestOrders({ orders }: { orders: AdminOrder[] }) {
  return (
    <section className="lt-card">
      <h2>Nyeste ordrer</h2>
      {orders.length === 0 ? (
        <p className="lt-card-body">Ingen ordrer ennå.</p>
      ) : (
        <ul className="lt-list">
          {orders.map((o) => (
            <li key={o.id}>
              <Link to={`/admin/orders/${o.id}/show`}>
                <span className="lt-primary">{`${o.email} – ${label(COURSE_LABELS, o.courseId)} ${formatKr(o.amountOre)}`}</span>
                <span className="lt-secondary">{formatDateTime(o.createdAt)}</span>
                <StatusBadge status={o.status} refusal={o.refusal} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
