import { Create, SimpleForm } from 'react-admin';
import { ModuleFields } from './ModuleForm';

export function ModuleCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ published: true, topics: [], durationMinutes: 0 }}>
        <ModuleFields create />
      </SimpleForm>
    </Create>
  );
}
