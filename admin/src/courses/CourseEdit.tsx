import AddIcon from '@mui/icons-material/Add';
import type { AdminModule } from '@contracts';
import {
  Button,
  DataTable,
  Edit,
  Labeled,
  Link,
  ListButton,
  ReferenceManyField,
  required,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  maxLength,
  useRecordContext,
} from 'react-admin';

function Actions() {
  return (
    <TopToolbar>
      <ListButton label="Alle kurs" />
    </TopToolbar>
  );
}

function AddModuleButton() {
  const course = useRecordContext();
  if (!course) return null;
  return (
    <Button component={Link} to={{ pathname: '/modules/create' }} state={{ record: { courseId: course.id } }} label="Ny modul">
      <AddIcon />
    </Button>
  );
}

/** Course texts (title and description) and its modules in order. Saved changes show on the site at once. */
export function CourseEdit() {
  return (
    <Edit actions={<Actions />} mutationMode="pessimistic" redirect={false}>
      <SimpleForm>
        <Labeled source="id">
          <TextField source="id" />
        </Labeled>
        <TextInput source="title" validate={[required(), maxLength(120)]} fullWidth />
        <TextInput source="description" validate={maxLength(5000)} multiline minRows={3} fullWidth />
        <Labeled label="Moduler" fullWidth>
          <ReferenceManyField reference="modules" target="courseId" sort={{ field: 'position', order: 'ASC' }} perPage={100}>
            <DataTable rowClick="edit" bulkActionButtons={false}>
              <DataTable.NumberCol source="position" />
              <DataTable.Col source="title" />
              <DataTable.NumberCol source="durationMinutes" />
              <DataTable.Col source="videoId" render={(m: AdminModule) => m.videoId ?? 'Ingen (viser teksten)'} />
              <DataTable.Col source="published" render={(m: AdminModule) => (m.published ? 'Ja' : 'Nei')} />
            </DataTable>
          </ReferenceManyField>
        </Labeled>
        <AddModuleButton />
      </SimpleForm>
    </Edit>
  );
}
