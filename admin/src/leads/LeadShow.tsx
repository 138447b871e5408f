import type { AdminLead } from '@academy/contracts';
import { BooleanField, EditButton, FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { CourseField, DateTimeField, VariantField, YesNo } from '../lib/fields';
import { BackToListActions, FieldRow, ShowLink } from '../lib/ShowParts';
import { BouncedMark } from '../lib/BouncedMark';
import { fullRecord } from '../lib/fullRecord';
import { DeleteLeadButton } from './DeleteLeadButton';

export function LeadShow() {
  return (
    <Show
      queryOptions={fullRecord}
      actions={
        <BackToListActions label="panel.common.tilbakeTilListen">
          <EditButton label="panel.leads.notatOgKontaktet" />
          <DeleteLeadButton />
        </BackToListActions>
      }
    >
      <SimpleShowLayout>
        <FunctionField<AdminLead>
          source="email"
          render={(r) => (
            <>
              {r.email}
              <BouncedMark
                at={r.mailBouncedAt}
                action={
                  r.accountId
                    ? 'Rett adressen på elevens side.'
                    : 'Adressen er slik personen skrev den: kontakt personen på annen måte.'
                }
              />
            </>
          )}
        />
        <FieldRow>
          <DateTimeField source="createdAt" />
          <CourseField source="courseType" />
          <VariantField source="trafficSource" />
          <TextField source="source" />
        </FieldRow>
        <FunctionField<AdminLead>
          source="hasAccount"
          render={(r) =>
            r.accountId ? (
              <span>
                <YesNo value />{' '}
                <ShowLink resource="users" id={r.accountId}>
                  Åpne eleven
                </ShowLink>
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
          label="panel.leads.utm"
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
