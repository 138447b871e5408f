import type { CreateLiveSessionRequest } from '@academy/contracts';
import { Create, FormDataConsumer, NumberInput, SelectInput, SimpleForm, TextInput, minValue, maxValue } from 'react-admin';
import { FREQUENCY_CHOICES } from './choices';
import { LiveSessionFields } from './LiveSessionForm';

type FormValues = Omit<CreateLiveSessionRequest, 'recurrence'> & {
  frequency?: string;
  repeatBy?: 'count' | 'until';
  count?: number | null;
  until?: string | null;
};

/** The form's flat fields → the API's body (`recurrence` only for a series). */
function toRequest(data: FormValues): CreateLiveSessionRequest {
  const { frequency, repeatBy, count, until, ...rest } = data;
  const body: CreateLiveSessionRequest = { ...rest, description: rest.description || null };
  if (frequency === 'weekly' || frequency === 'monthly-first-weekday') {
    body.recurrence = repeatBy === 'until' ? { frequency, until: until ?? undefined } : { frequency, count: count ?? undefined };
  }
  return body;
}

export function LiveSessionCreate() {
  return (
    <Create redirect="list" transform={(d: FormValues) => toRequest(d)}>
      <SimpleForm defaultValues={{ courseIds: [], durationMinutes: 60, frequency: '', repeatBy: 'count', count: 4 }}>
        <LiveSessionFields startSource="startsAt" />
        <SelectInput source="frequency" label="panel.liveSessions.gjentakelse" choices={FREQUENCY_CHOICES} emptyValue="" />
        <FormDataConsumer<FormValues>>
          {({ formData }) =>
            formData.frequency ? (
              <>
                <SelectInput
                  source="repeatBy"
                  label="panel.liveSessions.serienSlutter"
                  choices={[
                    { id: 'count', name: 'Etter et antall økter' },
                    { id: 'until', name: 'På en dato' },
                  ]}
                />
                {formData.repeatBy === 'until' ? (
                  <TextInput
                    source="until"
                    label="panel.liveSessions.sisteDato"
                    type="date"
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                ) : (
                  <NumberInput
                    source="count"
                    label="panel.liveSessions.antallOkter252"
                    min={2}
                    max={52}
                    validate={[minValue(2), maxValue(52)]}
                  />
                )}
              </>
            ) : null
          }
        </FormDataConsumer>
      </SimpleForm>
    </Create>
  );
}
