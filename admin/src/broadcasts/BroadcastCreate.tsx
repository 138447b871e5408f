import { Create, SimpleForm } from 'react-admin';
import { BroadcastFields, toRequest } from './BroadcastForm';

export function BroadcastCreate() {
  return (
    <Create redirect="show" transform={toRequest} title="Ny utsendelse">
      <SimpleForm defaultValues={{ utm: true, segment: { audience: 'all', variants: [], owns: [], notOwns: [] } }}>
        <BroadcastFields />
      </SimpleForm>
    </Create>
  );
}
