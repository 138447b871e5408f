import type { AdminModule } from '@academy/contracts';
import { DeleteButton, Edit, Labeled, ListButton, SaveButton, SimpleForm, Toolbar, TopToolbar, FunctionField } from 'react-admin';
import { COURSE_LABELS, label } from '../lib/labels';
import { ModuleFields } from './ModuleForm';

function Actions() {
  return (
    <TopToolbar>
      <ListButton label="Alle moduler" />
    </TopToolbar>
  );
}

function FormToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle="Slette modulen?"
        confirmContent="Modulen forsvinner fra kurset med en gang. Dette kan ikke angres."
      />
    </Toolbar>
  );
}

export function ModuleEdit() {
  return (
    <Edit actions={<Actions />} mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<FormToolbar />}>
        <Labeled source="courseId">
          <FunctionField<AdminModule> render={(m) => label(COURSE_LABELS, m.courseId)} />
        </Labeled>
        <ModuleFields />
      </SimpleForm>
    </Edit>
  );
}
