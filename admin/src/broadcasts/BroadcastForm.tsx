import type { Segment } from '@academy/contracts';
import { SEGMENT_VARIANTS, variantLabel } from '@academy/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { BooleanInput, CheckboxGroupInput, SelectArrayInput, SelectInput, TextInput, maxLength, required } from 'react-admin';
import { useCatalogueChoices } from '../lib/catalogue';
import { errorMessage } from '../lib/http';
import { countSegment, previewBroadcast } from './api';

export const AUDIENCE_CHOICES = [
  { id: 'all', name: 'Alle (leads og elever)' },
  { id: 'leads', name: 'Leads' },
  { id: 'students', name: 'Elever' },
];
export const VARIANT_CHOICES = SEGMENT_VARIANTS.map((v) => ({ id: v, name: variantLabel(v) }));

/** The form's segment → the API's (empty lists and dates left out). */
export function cleanSegment(s: Partial<Segment> | undefined): Segment {
  const out: Segment = { audience: s?.audience ?? 'all' };
  if (s?.variants?.length) out.variants = s.variants;
  if (s?.owns?.length) out.owns = s.owns;
  if (s?.notOwns?.length) out.notOwns = s.notOwns;
  if (s?.from) out.from = s.from;
  if (s?.to) out.to = s.to;
  return out;
}

/** How many the segment reaches now (only confirmed subscribers and customers), updated as it changes. */
function RecipientCount() {
  const segment = useWatch({ name: 'segment' }) as Partial<Segment> | undefined;
  const [state, setState] = useState<{ n?: number; error?: string }>({});
  const key = JSON.stringify(cleanSegment(segment));
  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      countSegment(JSON.parse(key) as Segment).then(
        (r) => live && setState({ n: r.recipients }),
        (e) => live && setState({ error: errorMessage(e) }),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [key]);
  if (state.error) return <Alert severity="warning">{state.error}</Alert>;
  return (
    <Alert severity="info" data-testid="recipient-count">
      Mottakere nå: <strong>{state.n ?? '…'}</strong> (bare bekreftede abonnenter og kunder som ikke har meldt seg av)
    </Alert>
  );
}

/** The mail as the recipient sees it, rendered by the server from the Markdown. */
export function PreviewPane({ subject, body, utm }: { subject?: string; body?: string; utm?: boolean }) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!subject || !body) {
      setHtml(null);
      return;
    }
    let live = true;
    const t = setTimeout(() => {
      previewBroadcast({ subject, body, utm }).then(
        (p) => live && (setHtml(p.html), setError(null)),
        (e) => live && setError(errorMessage(e)),
      );
    }, 400);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [subject, body, utm]);
  if (error) return <Alert severity="warning">{error}</Alert>;
  if (!html) return <Typography color="text.secondary">Skriv emne og tekst for å se forhåndsvisningen.</Typography>;
  return (
    <iframe
      title="Forhåndsvisning"
      data-testid="broadcast-preview"
      sandbox=""
      srcDoc={html}
      style={{ width: '100%', minHeight: 480, border: '1px solid #e2e8f0', borderRadius: 8, background: '#f1f5f9' }}
    />
  );
}

function LivePreview() {
  const [subject, body, utm] = useWatch({ name: ['subject', 'body', 'utm'] }) as [string, string, boolean];
  return <PreviewPane subject={subject} body={body} utm={utm} />;
}

/** Subject, Markdown body, UTM, and the segment with its live recipient count; the preview beside it. */
export function BroadcastFields() {
  // Every product of the catalogue, VIP and the crypto courses too.
  const courses = useCatalogueChoices();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 3, width: '100%' }}>
      <Box>
        <TextInput
          source="subject"
          label="resources.broadcasts.fields.subject"
          validate={[required(), maxLength(200)]}
          fullWidth
        />
        <TextInput
          source="body"
          label="panel.common.tekstMarkdown"
          validate={[required(), maxLength(50000)]}
          multiline
          minRows={10}
          fullWidth
          helperText="**fet**, *kursiv*, [lenketekst](https://…), lister med - . HTML vises som tekst. Avmeldingslenken legges til automatisk."
        />
        <BooleanInput source="utm" label="panel.broadcasts.leggTilUtmParametrePa" />
        <Typography variant="h6" sx={{ mt: 2 }}>
          Mottakere
        </Typography>
        <SelectInput
          source="segment.audience"
          label="panel.broadcasts.malgruppe"
          choices={AUDIENCE_CHOICES}
          validate={required()}
        />
        <CheckboxGroupInput source="segment.variants" label="panel.broadcasts.variantTomAlle" choices={VARIANT_CHOICES} />
        <SelectArrayInput source="segment.owns" label="panel.broadcasts.eierKurs" choices={courses} fullWidth />
        <SelectArrayInput source="segment.notOwns" label="panel.broadcasts.eierIkkeKurs" choices={courses} fullWidth />
        <Box sx={{ display: 'flex', gap: 2 }}>
          <TextInput
            source="segment.from"
            label="panel.broadcasts.pameldtFra"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextInput
            source="segment.to"
            label="panel.broadcasts.pameldtTil"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <RecipientCount />
      </Box>
      <Box>
        <Typography variant="h6">Forhåndsvisning</Typography>
        <LivePreview />
      </Box>
    </Box>
  );
}

/** The form's values → the API's body. */
export function toRequest(d: Record<string, unknown>): Record<string, unknown> {
  return {
    subject: d.subject,
    body: d.body,
    utm: d.utm !== false,
    segment: cleanSegment(d.segment as Partial<Segment>),
  };
}
