import type { AdminSequenceStep } from '@academy/contracts';
import { SEQUENCE_TRIGGER_LABELS, TRAFFIC_SOURCES } from '@academy/contracts';
import { useCatalogueChoices } from '../lib/catalogue';
import { leadTriggerLabel } from './triggerText';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  required,
  useRecordContext,
  useSimpleFormIteratorItem,
} from 'react-admin';

export const TRIGGER_CHOICES = Object.entries(SEQUENCE_TRIGGER_LABELS).map(([id, name]) => ({ id, name }));
const LEAD_VALUES = [{ id: '', name: 'Alle leads' }, ...TRAFFIC_SOURCES.map((v) => ({ id: v, name: leadTriggerLabel(v) }))];

function TriggerValue() {
  const trigger = useWatch({ name: 'trigger' }) as string | undefined;
  // What a checkout sells, from the catalogue (VIP, Microkurs and Temakurs too).
  const sold = useCatalogueChoices((c) => c.soldByCheckout);
  if (trigger === 'lead')
    return <SelectInput source="triggerValue" label="panel.sequences.hvilkeLeads" choices={LEAD_VALUES} emptyValue="" />;
  if (trigger === 'bought')
    return (
      <SelectInput
        source="triggerValue"
        label="panel.sequences.hvilketKurs"
        choices={[{ id: '', name: 'Hvilket som helst kurs' }, ...sold]}
        emptyValue=""
      />
    );
  return null;
}

/** Per step: how many wait for it, got it, and stopped before it (the item's record is the step as loaded). */
function StepCounts({ index }: { index: number }) {
  const step = useRecordContext<AdminSequenceStep>();
  if (!step || typeof step.sent !== 'number') return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1 }} data-testid={`step-counts-${index}`}>
      <Chip size="small" label={`Venter: ${step.waiting}`} />
      <Chip size="small" color="success" label={`Sendt: ${step.sent}`} />
      <Chip size="small" color="warning" label={`Stoppet: ${step.stopped}`} />
    </Stack>
  );
}

export function SequenceFields() {
  // Owning any paid product of the catalogue stops a step (VIP and the crypto courses too).
  const paid = useCatalogueChoices((c) => c.id !== 'starter');
  const stopChoices = [
    { id: '', name: 'Nei' },
    { id: 'any', name: 'Har kjøpt et kurs' },
    ...paid.map((c) => ({ id: c.id, name: `Har kjøpt ${c.name}` })),
  ];
  return (
    <>
      <TextInput source="name" label="resources.sequences.fields.name" validate={[required(), maxLength(120)]} fullWidth />
      <Stack direction="row" spacing={2}>
        <SelectInput
          source="trigger"
          label="resources.sequences.fields.trigger"
          choices={TRIGGER_CHOICES}
          validate={required()}
        />
        <TriggerValue />
      </Stack>
      <BooleanInput source="active" label="resources.sequences.fields.active" />
      <BooleanInput source="utm" label="panel.sequences.utmParametrePaLenkene" />
      <Alert severity="info" sx={{ mb: 2 }}>
        Hvert steg venter et antall dager etter forrige e-post (eller starten) og sendes på valgt klokkeslett, norsk tid.
        Endringer gjelder bare steg som ikke er sendt ennå; nye steg legges til sist. {'{{nettsted}}'} i teksten blir nettstedets
        adresse. E-postene går bare til bekreftede abonnenter og kunder, og stopper hvis mottakeren melder seg av.
      </Alert>
      <ArrayInput source="steps" label="resources.sequences.fields.steps">
        <SimpleFormIterator inline={false} disableReordering getItemLabel={(i) => `Steg ${i + 1}`}>
          <StepCountsSlot />
          <NumberInput source="waitDays" label="panel.sequences.ventDager" validate={[required(), minValue(0), maxValue(365)]} />
          <NumberInput
            source="sendHour"
            label="panel.sequences.klokkeslett023"
            validate={[required(), minValue(0), maxValue(23)]}
          />
          <SelectInput source="stopIfBought" label="panel.sequences.stoppHvis" choices={stopChoices} emptyValue="" />
          <TextInput source="subject" label="panel.common.emne" validate={[required(), maxLength(200)]} fullWidth />
          <TextInput
            source="body"
            label="panel.common.tekstMarkdown"
            validate={[required(), maxLength(50000)]}
            multiline
            minRows={5}
            fullWidth
          />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** The counts of the step this item of the list is (its index in the iterator). */
function StepCountsSlot() {
  const { index } = useSimpleFormIteratorItem();
  return <StepCounts index={index} />;
}

/** The form's values → the API's body (counts and positions are the server's). */
export function toRequest(d: Record<string, unknown>): Record<string, unknown> {
  const steps = (Array.isArray(d.steps) ? d.steps : []) as Array<Record<string, unknown>>;
  return {
    name: d.name,
    trigger: d.trigger,
    triggerValue: d.trigger === 'starter_completed' || !d.triggerValue ? null : d.triggerValue,
    active: d.active !== false,
    utm: d.utm !== false,
    steps: steps.map((s) => ({
      ...(typeof s.id === 'number' ? { id: s.id } : {}),
      waitDays: Number(s.waitDays),
      sendHour: Number(s.sendHour),
      subject: s.subject,
      body: s.body,
      stopIfBought: s.stopIfBought ? s.stopIfBought : null,
    })),
  };
}
