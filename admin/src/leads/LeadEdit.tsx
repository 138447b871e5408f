import { BooleanInput, Edit, SimpleForm, TextField, TextInput, Labeled, ShowButton, TopToolbar } from 'react-admin';
import { fullRecord } from '../lib/fullRecord';

function Actions() {
  return (
    <TopToolbar>
      <ShowButton label="Vis lead" />
    </TopToolbar>
  );
}

/** The mentor's own fields on a lead: a note and whether they have been in touch. */
export function LeadEdit() {
  return (
    <Edit actions={<Actions />} mutationMode="pessimistic" redirect="show" queryOptions={fullRecord} mutationOptions={fullRecord}>
      <SimpleForm>
        <Labeled source="email">
          <TextField source="email" />
        </Labeled>
        <BooleanInput source="contacted" />
        <TextInput source="note" multiline minRows={3} fullWidth parse={(v: string) => v} />
      </SimpleForm>
    </Edit>
  );
}
