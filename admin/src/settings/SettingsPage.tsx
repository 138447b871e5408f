import Typography from '@mui/material/Typography';
import {
  Edit,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  SimpleForm,
  TextInput,
  Toolbar,
  SaveButton,
} from 'react-admin';

/** An https link (or blank: the students write to the contact mailbox). */
function validateBookingUrl(value: unknown): string | undefined {
  if (value === null || value === undefined || String(value).trim() === '') return undefined;
  return /^https:\/\/[^\s<>"]+$/.test(String(value).trim())
    ? undefined
    : 'Lenken må begynne med https:// og kan ikke ha mellomrom';
}

function FormToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** A whole number, 0 or more. */
function validateWhole(value: unknown): string | undefined {
  return value === null || value === undefined || Number.isInteger(Number(value)) ? undefined : 'Skriv et helt tall';
}

/** Site settings the mentor edits: the text on videos that are not out yet, the booking link, when the student count shows. */
export function SettingsPage() {
  return (
    <Edit resource="settings" id="site" title="Innstillinger" mutationMode="pessimistic" redirect={false} actions={false}>
      <SimpleForm toolbar={<FormToolbar />}>
        <Typography variant="body2" color="text.secondary">
          Vises over videoer i kursspilleren når en modul ikke har video ennå (standard «Videoen kommer snart»). Skriv på norsk,
          og unngå datoer som kan passere. Endringen vises for elevene med en gang.
        </Typography>
        <TextInput source="videoOverlayText" validate={[required(), maxLength(200)]} fullWidth />
        <Typography variant="body2" color="text.secondary">
          Lenken mentorelevene bruker for å booke en samtale (for eksempel en kalenderside). Tomt felt: elevene bes skrive til
          kontaktadressen i stedet.
        </Typography>
        <TextInput source="mentorBookingUrl" validate={[maxLength(500), validateBookingUrl]} fullWidth />
        <Typography variant="body2" color="text.secondary">
          Salgssidene viser «N elever har allerede startet» først når så mange elever har kjøpt et kurs (standard 20). Under
          grensen sier sidene ingenting om antallet. 0 viser antallet fra første elev.
        </Typography>
        <NumberInput
          source="studentCountThreshold"
          label="panel.settings.visAntallEleverFra"
          min={0}
          step={1}
          validate={[required(), minValue(0, 'Antallet kan ikke være negativt'), maxValue(1_000_000), validateWhole]}
        />
      </SimpleForm>
    </Edit>
  );
}
