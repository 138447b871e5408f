import type { AdminLead } from '@academy/contracts';
import {
  BooleanField,
  EditButton,
  FunctionField,
  Labeled,
  ListButton,
  Link,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { useAdminHref } from '../lib/useHref';
import Grid from '@mui/material/Grid';
import { CourseField, DateTimeField, VariantField, YesNo } from '../lib/fields';

function Actions() {
  return (
    <TopToolbar>
      <ListButton label="Tilbake til listen" />
      <EditButton label="Notat og kontaktet" />
    </TopToolbar>
  );
}

export function LeadShow() {
  const href = useAdminHref();
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <TextField source="email" />
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <Labeled source="createdAt">
              <DateTimeField source="createdAt" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Labeled source="courseType">
              <CourseField source="courseType" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Labeled source="trafficSource">
              <VariantField source="trafficSource" />
            </Labeled>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <Labeled source="source">
              <TextField source="source" />
            </Labeled>
          </Grid>
        </Grid>
        <FunctionField<AdminLead>
          source="hasAccount"
          render={(r) =>
            r.accountId ? (
              <span>
                <YesNo value /> <Link to={href(`/users/${r.accountId}/show`)}>Åpne eleven</Link>
              </span>
            ) : (
              <YesNo value={false} />
            )
          }
        />
        <FunctionField<AdminLead> source="hasBought" render={(r) => <YesNo value={r.hasBought} />} />
        <BooleanField source="contacted" />
        <TextField source="note" emptyText="–" sx={{ whiteSpace: 'pre-wrap' }} />
        <DateTimeField source="unsubscribedAt" emptyText="Nei" />
        <TextField source="landingPath" emptyText="–" />
        <TextField source="referrer" emptyText="–" />
        <FunctionField<AdminLead>
          label="UTM"
          render={(r) =>
            [
              ['source', r.utmSource],
              ['medium', r.utmMedium],
              ['campaign', r.utmCampaign],
              ['term', r.utmTerm],
              ['content', r.utmContent],
            ]
              .filter(([, v]) => v)
              .map(([k, v]) => `utm_${k}=${v}`)
              .join(', ') || '–'
          }
        />
      </SimpleShowLayout>
    </Show>
  );
}
