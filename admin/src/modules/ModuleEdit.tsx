import { Box } from '@mui/material';
import { DeleteButton, Edit, Labeled, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { CourseField } from '../lib/fields';
import { BackToListActions } from '../lib/ShowParts';
import { CaptionsEditor } from './captions/CaptionsEditor';
import { ModuleFields } from './ModuleForm';
import { ModuleTabs } from './ModuleTabs';
import { fullRecord } from '../lib/fullRecord';
import { ModuleQuiz } from './ModuleQuiz';

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
      <ModuleTabs
        tabs={[
          {
            key: 'module',
            label: 'Modul',
            content: (
              <>
                <SimpleForm toolbar={<FormToolbar />}>
                  <Labeled>
                    <CourseField source="courseId" />
                  </Labeled>
                  <ModuleFields />
                </SimpleForm>
                <ModuleQuiz />
              </>
            ),
          },
          {
            key: 'captions',
            label: 'Teksting',
            content: (
              <Box sx={{ p: 2 }}>
                <CaptionsEditor />
              </Box>
            ),
          },
        ]}
      />
    </Edit>
  );
}
