import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminUserDetail } from '@academy/contracts';
import { FunctionField, Link, ListButton, Show, TabbedShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { useAdminHref } from '../lib/useHref';
import { DateTimeField, OrderStatusChip, VariantField, YesNo } from '../lib/fields';
import { formatDateTime, formatKr } from '../lib/format';
import { COURSE_LABELS, label, ROLE_LABELS } from '../lib/labels';
import { GrantPanel } from './GrantPanel';

function Actions() {
  return (
    <TopToolbar>
      <ListButton label="Tilbake til listen" />
    </TopToolbar>
  );
}

function Orders() {
  const user = useRecordContext<AdminUserDetail>();
  const href = useAdminHref();
  if (!user) return null;
  if (user.orders.length === 0) return <Typography variant="body2">Ingen ordrer.</Typography>;
  return (
    <Table size="small" aria-label="Ordrer">
      <TableHead>
        <TableRow>
          <TableCell>Nr.</TableCell>
          <TableCell>Kurs</TableCell>
          <TableCell>Beløp</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Betalt</TableCell>
          <TableCell>Garanti</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {user.orders.map((o) => (
          <TableRow key={o.id}>
            <TableCell>
              <Link to={href(`/orders/${o.id}/show`)}>{o.id}</Link>
            </TableCell>
            <TableCell>{label(COURSE_LABELS, o.courseId)}</TableCell>
            <TableCell>{formatKr(o.amountOre)}</TableCell>
            <TableCell>
              <OrderStatusChip status={o.status} />
            </TableCell>
            <TableCell>{formatDateTime(o.paidAt)}</TableCell>
            <TableCell>
              {o.daysSincePurchase === null ? '–' : `${o.daysSincePurchase} dager siden${o.withinGuarantee ? ' (innenfor)' : ''}`}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Progress() {
  const user = useRecordContext<AdminUserDetail>();
  if (!user) return null;
  if (user.progress.length === 0) return <Typography variant="body2">Eleven har ikke startet på noe kurs ennå.</Typography>;
  return (
    <Table size="small" aria-label="Fremdrift">
      <TableHead>
        <TableRow>
          <TableCell>Kurs</TableCell>
          <TableCell>Fullført</TableCell>
          <TableCell sx={{ width: '30%' }}>Fremdrift</TableCell>
          <TableCell>Sist aktiv</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {user.progress.map((p) => (
          <TableRow key={p.courseId}>
            <TableCell>{p.title}</TableCell>
            <TableCell>
              {p.completed} av {p.total} moduler
            </TableCell>
            <TableCell>
              <LinearProgress variant="determinate" value={p.percent} aria-label={`${p.percent} %`} />
              <Typography variant="caption">{p.percent} %</Typography>
            </TableCell>
            <TableCell>{formatDateTime(p.lastUpdated)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Leads() {
  const user = useRecordContext<AdminUserDetail>();
  const href = useAdminHref();
  if (!user) return null;
  if (user.leads.length === 0) return <Typography variant="body2">Ingen leads fra denne adressen.</Typography>;
  return (
    <Table size="small" aria-label="Leads">
      <TableHead>
        <TableRow>
          <TableCell>Registrert</TableCell>
          <TableCell>Kurs</TableCell>
          <TableCell>Variant</TableCell>
          <TableCell>Kilde</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {user.leads.map((l) => (
          <TableRow key={l.id}>
            <TableCell>
              <Link to={href(`/leads/${l.id}/show`)}>{formatDateTime(l.createdAt)}</Link>
            </TableCell>
            <TableCell>{label(COURSE_LABELS, l.courseType)}</TableCell>
            <TableCell>{l.trafficSource ?? '–'}</TableCell>
            <TableCell>{l.source}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function UserShow() {
  return (
    <Show actions={<Actions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Oversikt">
          <TextField source="email" />
          <FunctionField<AdminUserDetail>
            label="Navn"
            render={(r) => [r.firstName, r.lastName].filter(Boolean).join(' ') || '–'}
          />
          <FunctionField<AdminUserDetail> source="role" render={(r) => label(ROLE_LABELS, r.role)} />
          <FunctionField<AdminUserDetail>
            source="courses"
            render={(r) => r.courses.map((c) => label(COURSE_LABELS, c)).join(', ') || 'Ingen'}
          />
          <FunctionField<AdminUserDetail> source="passwordSet" render={(r) => <YesNo value={r.passwordSet} />} />
          <DateTimeField source="createdAt" />
          <VariantField source="trafficSource" />
          <FunctionField<AdminUserDetail>
            label="Første besøk"
            render={(r) =>
              [
                r.attribution.landingPath && `side ${r.attribution.landingPath}`,
                r.attribution.referrer && `fra ${r.attribution.referrer}`,
                r.attribution.utmSource && `utm_source=${r.attribution.utmSource}`,
                r.attribution.utmMedium && `utm_medium=${r.attribution.utmMedium}`,
                r.attribution.utmCampaign && `utm_campaign=${r.attribution.utmCampaign}`,
              ]
                .filter(Boolean)
                .join(', ') || '–'
            }
          />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Tilganger" path="tilganger">
          <GrantPanel />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Ordrer" path="ordrer">
          <Orders />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Fremdrift" path="fremdrift">
          <Progress />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Leads" path="leads">
          <Leads />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
