import Typography from '@mui/material/Typography';
import { Edit, maxLength, required, SimpleForm, TextInput, Toolbar, SaveButton } from 'react-admin';

function FormToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** Site settings the mentor edits: the text shown on videos that are not out yet. */
export function SettingsPage() {
  return (
    <Edit resource="settings" id="site" title="Innstillinger" mutationMode="pessimistic" redirect={false} actions={false}>
      <SimpleForm toolbar={<FormToolbar />}>
        <Typography variant="body2" color="text.secondary">
          Vises over videoer i kursspilleren når en modul ikke har video ennå (for eksempel «coming Nov 2025»). Endringen vises
          for elevene med en gang.
        </Typography>
        <TextInput source="videoOverlayText" validate={[required(), maxLength(200)]} fullWidth />
      </SimpleForm>
    </Edit>
  );
}
