import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { AdminLead, AdminOrder } from '@academy/contracts';
import { Link } from 'react-admin';
import { useAdminHref } from '../lib/useHref';
import { OrderStatusChip } from '../lib/fields';
import { formatDateTime, formatKr } from '../lib/format';
import { COURSE_LABELS, label, VARIANT_LABELS } from '../lib/labels';

export function LatestLeads({ leads }: { leads: AdminLead[] }) {
  const href = useAdminHref();
  return (
    <Card>
      <CardHeader slotProps={{ title: { component: 'h2', variant: 'h6' } }} title="Nyeste leads" />
      {leads.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }}>Ingen leads ennå.</Typography>
      ) : (
        <List dense>
          {leads.map((l) => (
            <ListItemButton key={l.id} component={Link} to={href(`/leads/${l.id}/show`)}>
              <ListItemText
                primary={l.email}
                secondary={`${formatDateTime(l.createdAt)} · ${label(COURSE_LABELS, l.courseType)} · ${l.trafficSource ? label(VARIANT_LABELS, l.trafficSource) : 'ukjent variant'}`}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Card>
  );
}

export function LatestOrders({ orders }: { orders: AdminOrder[] }) {
  const href = useAdminHref();
  return (
    <Card>
      <CardHeader slotProps={{ title: { component: 'h2', variant: 'h6' } }} title="Nyeste ordrer" />
      {orders.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }}>Ingen ordrer ennå.</Typography>
      ) : (
        <List dense>
          {orders.map((o) => (
            <ListItemButton key={o.id} component={Link} to={href(`/orders/${o.id}/show`)}>
              <ListItemText
                primary={`${o.email} – ${label(COURSE_LABELS, o.courseId)} ${formatKr(o.amountOre)}`}
                secondary={formatDateTime(o.createdAt)}
              />
              <OrderStatusChip status={o.status} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Card>
  );
}
