import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  variantLabel,
  type AdminCourseProgress,
  type AdminLead,
  type AdminOrder,
  type AdminUserDetail,
} from '@academy/contracts';
import { FunctionField, Labeled, Link, Show, TabbedShowLayout, TabbedShowLayoutTabs, WithRecord } from 'react-admin';
import { DetailTable, type DetailColumn, type DetailTableProps } from '../lib/DetailTable';
import { BouncedMark } from '../lib/BouncedMark';
import { DateTimeField, EmailText, OrderStatusChip, VariantField, YesNo } from '../lib/fields';
import { formatDateTime, formatPercent } from '../lib/format';
import { guaranteeText } from '../lib/guarantee';
import { formatKr } from '../lib/money';
import { COURSE_LABELS, label, ROLE_LABELS } from '../lib/labels';
import { BackToListActions, ShowLink } from '../lib/ShowParts';
import { GrantPanel } from './GrantPanel';
import { DiscordPanel } from './DiscordPanel';
import { SubscriptionPanel } from './SubscriptionPanel';
import { fullRecord } from '../lib/fullRecord';
import { SendSignInLinkButton, StudentEditPanel } from './StudentEditPanel';
import { StudentCertificates, StudentMails, StudentQuestions, StudentThreads } from './StudentRecords';

/** The student's VIP period as the overview shows it: until when, or when it ended, or none. */
function vipPeriod(u: AdminUserDetail): string {
  const vip = u.grants.filter((g) => g.membership).sort((a, b) => Date.parse(b.grantedAt) - Date.parse(a.grantedAt));
  const active = vip.find((g) => g.active);
  if (active) return `Aktiv til ${formatDateTime(active.accessEndsAt)}`;
  if (vip[0]) return `Sluttet ${formatDateTime(vip[0].revokedAt ?? vip[0].accessEndsAt)}`;
  return 'Ingen';
}

const ORDER_COLUMNS: DetailColumn<AdminOrder>[] = [
  {
    header: 'Nr.',
    cell: (o) => (
      <ShowLink resource="orders" id={o.id}>
        {o.id}
      </ShowLink>
    ),
  },
  { header: 'Kurs', cell: (o) => label(COURSE_LABELS, o.courseId) },
  { header: 'Beløp', cell: (o) => formatKr(o.amountOre) },
  { header: 'Status', cell: (o) => <OrderStatusChip status={o.status} closedAs={o.closedAs} refusal={o.refusal} /> },
  { header: 'Betalt', cell: (o) => formatDateTime(o.paidAt) },
  {
    header: 'Garanti',
    cell: (o) => guaranteeText(o, 'short'),
  },
];

const PROGRESS_COLUMNS: DetailColumn<AdminCourseProgress>[] = [
  { header: 'Kurs', cell: (p) => p.title },
  { header: 'Fullført', cell: (p) => `${p.completed} av ${p.total} moduler` },
  {
    header: 'Fremdrift',
    width: '30%',
    cell: (p) => (
      <>
        <LinearProgress variant="determinate" value={p.percent} aria-label={formatPercent(p.percent)} />
        <Typography variant="caption">{formatPercent(p.percent)}</Typography>
      </>
    ),
  },
  { header: 'Sist aktiv', cell: (p) => formatDateTime(p.lastUpdated) },
];

const LEAD_COLUMNS: DetailColumn<AdminLead>[] = [
  {
    header: 'Registrert',
    cell: (l) => (
      <ShowLink resource="leads" id={l.id}>
        {formatDateTime(l.createdAt)}
      </ShowLink>
    ),
  },
  { header: 'Kurs', cell: (l) => label(COURSE_LABELS, l.courseType) },
  { header: 'Variant', cell: (l) => (l.trafficSource ? variantLabel(l.trafficSource) : '–') },
  { header: 'Kilde', cell: (l) => l.source },
];

/** Who the first visit came from: landing page, referrer and campaign ('–' when not known). */
function firstVisit(u: AdminUserDetail): string {
  const a: Partial<AdminUserDetail['attribution']> = u.attribution ?? {};
  return (
    [
      a.landingPath && `side ${a.landingPath}`,
      a.referrer && `fra ${a.referrer}`,
      a.utmSource && `utm_source=${a.utmSource}`,
      a.utmMedium && `utm_medium=${a.utmMedium}`,
      a.utmCampaign && `utm_campaign=${a.utmCampaign}`,
    ]
      .filter(Boolean)
      .join(', ') || '–'
  );
}

/** Says so when the student page shows only the newest of the student's leads, with a way to all of them. */
function MoreLeads({ user }: { user: AdminUserDetail }) {
  if (user.leadsTotal <= user.leads.length) return null;
  const filter = encodeURIComponent(JSON.stringify({ q: user.email }));
  return (
    <Typography variant="body2" role="status" sx={{ mt: 1 }}>
      Viser de {user.leads.length} nyeste av {user.leadsTotal} leads.{' '}
      <Link to={`/leads?filter=${filter}`}>Se alle i lead-listen</Link>
    </Typography>
  );
}

/** A tab's table of the student's own rows (orders, progress, leads). */
function StudentRows<T>({ rows, ...table }: Omit<DetailTableProps<T>, 'rows'> & { rows: (u: AdminUserDetail) => readonly T[] }) {
  return <WithRecord<AdminUserDetail> render={(u) => <DetailTable {...table} rows={rows(u)} />} />;
}

export function UserShow() {
  return (
    <Show
      queryOptions={fullRecord}
      actions={
        <BackToListActions label="panel.common.tilbakeTilListen">
          <SendSignInLinkButton />
        </BackToListActions>
      }
    >
      <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}>
        <TabbedShowLayout.Tab label="panel.users.oversikt">
          <FunctionField<AdminUserDetail>
            source="email"
            render={(r) => (
              <>
                <EmailText value={r.email} />
                <BouncedMark at={r.mailBouncedAt} action="Rett adressen under «Rediger eleven» nedenfor." />
              </>
            )}
          />
          <FunctionField<AdminUserDetail>
            label="panel.common.navn"
            render={(r) => [r.firstName, r.lastName].filter(Boolean).join(' ') || '–'}
          />
          <FunctionField<AdminUserDetail> source="role" render={(r) => label(ROLE_LABELS, r.role)} />
          <FunctionField<AdminUserDetail>
            source="courses"
            render={(r) => r.courses.map((c) => label(COURSE_LABELS, c)).join(', ') || 'Ingen'}
          />
          <FunctionField<AdminUserDetail> label="panel.users.vipPeriode" render={vipPeriod} />
          <Labeled label="panel.users.vipAbonnement" fullWidth>
            <SubscriptionPanel />
          </Labeled>
          <FunctionField<AdminUserDetail> label="panel.users.notater" render={(r) => r.adminNote ?? '–'} />
          <FunctionField<AdminUserDetail> source="passwordSet" render={(r) => <YesNo value={r.passwordSet} />} />
          <DateTimeField source="createdAt" />
          <VariantField source="trafficSource" />
          <FunctionField<AdminUserDetail> label="panel.users.forsteBesok" render={firstVisit} />
          <Labeled label="panel.users.redigerEleven" fullWidth>
            <StudentEditPanel />
          </Labeled>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.fields.grants" path="tilganger">
          <GrantPanel />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.fields.orders" path="ordrer">
          <StudentRows
            label="resources.users.fields.orders"
            rows={(u) => u.orders}
            rowKey={(o) => o.id}
            columns={ORDER_COLUMNS}
            empty="Ingen ordrer."
          />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.fields.progress" path="fremdrift">
          <StudentRows
            label="resources.users.fields.progress"
            rows={(u) => u.progress}
            rowKey={(p) => p.courseId}
            columns={PROGRESS_COLUMNS}
            empty="Eleven har ikke startet på noe kurs ennå."
          />
          <Labeled label="panel.users.sertifikater" fullWidth>
            <StudentCertificates />
          </Labeled>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.fields.leads" path="leads">
          <StudentRows
            label="resources.users.fields.leads"
            rows={(u) => u.leads}
            rowKey={(l) => l.id}
            columns={LEAD_COLUMNS}
            empty="Ingen leads fra denne adressen."
          />
          <WithRecord<AdminUserDetail> render={(u) => <MoreLeads user={u} />} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="panel.common.sporsmal" path="sporsmal">
          <Labeled label="panel.users.sporsmalUnderLeksjonene" fullWidth>
            <StudentQuestions />
          </Labeled>
          <Labeled label="panel.users.innboksChartReview" fullWidth>
            <StudentThreads />
          </Labeled>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.fields.email" path="e-post">
          <StudentMails />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="panel.users.discord" path="discord">
          <DiscordPanel />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
