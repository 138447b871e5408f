import {
  BooleanInput,
  Edit,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Labeled,
  ShowButton,
  Toolbar,
  TopToolbar,
} from 'react-admin';
import { DeleteLeadButton } from './DeleteLeadButton';
import { fullRecord } from '../lib/fullRecord';

function Actions() {
  return (
    <TopToolbar>
      <ShowButton label="panel.leads.visLead" />
    </TopToolbar>
  );
}

/** Save, and «Slett» with what it deletes (the default delete would ask about "denne lead"). */
function FormToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
      <SaveButton />
      <DeleteLeadButton />
    </Toolbar>
  );
}

/** The mentor's own fields on a lead: a note and whether they have been in touch. */
export function LeadEdit() {
  return (
    <Edit actions={<Actions />} mutationMode="pessimistic" redirect="show" queryOptions={fullRecord} mutationOptions={fullRecord}>
      <SimpleForm toolbar={<FormToolbar />}>
        <Labeled source="email">
          <TextField source="email" />
        </Labeled>
        <BooleanInput source="contacted" />
        <TextInput source="note" multiline minRows={3} fullWidth parse={(v: string) => v} />
      </SimpleForm>
    </Edit>
  );
}
