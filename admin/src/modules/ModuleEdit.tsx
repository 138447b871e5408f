import { DeleteButton, Edit, Labeled, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { CourseField } from '../lib/fields';
import { BackToListActions } from '../lib/ShowParts';
import { ModuleFields } from './ModuleForm';
import { fullRecord } from '../lib/fullRecord';

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
    <Edit
      actions={<BackToListActions label="panel.modules.alleModuler" />}
      mutationMode="pessimistic"
      redirect="list"
      queryOptions={fullRecord}
      mutationOptions={fullRecord}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <Labeled>
          <CourseField source="courseId" />
        </Labeled>
        <ModuleFields />
      </SimpleForm>
    </Edit>
  );
}
