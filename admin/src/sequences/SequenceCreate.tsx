import { Create, SimpleForm } from 'react-admin';
import { SequenceFields, toRequest } from './SequenceForm';

export function SequenceCreate() {
  return (
    <Create redirect="edit" transform={toRequest} title="Ny sekvens">
      <SimpleForm
        defaultValues={{
          trigger: 'lead',
          triggerValue: '',
          active: true,
          utm: true,
          steps: [{ waitDays: 1, sendHour: 9, stopIfBought: '' }],
        }}
      >
        <SequenceFields />
      </SimpleForm>
    </Create>
  );
}
