import type { AdminLiveSession } from '@academy/contracts';
import Alert from '@mui/material/Alert';
import {
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { BackToListActions } from '../lib/ShowParts';
import { LiveSessionFields, validateRecording } from './LiveSessionForm';
import { fullRecord } from '../lib/fullRecord';

function FormToolbar() {
  const record = useRecordContext<AdminLiveSession>();
  const cancelled = record?.status === 'cancelled';
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton disabled={cancelled} />
      {!cancelled && (
        <DeleteButton
          label="panel.liveSessions.avlysOkten"
          mutationMode="pessimistic"
          confirmTitle="Avlyse live-økten?"
          confirmContent="Elevene som har tilgang får en e-post om at økten er avlyst. Dette kan ikke angres."
          // The session stays in the list as «Avlyst» (it is cancelled, not deleted): say that.
          mutationOptions={{
            onSuccess: () => {
              notify('Økten er avlyst, og elevene får beskjed på e-post', { type: 'success' });
              redirect('list', 'live-sessions');
            },
          }}
        />
      )}
    </Toolbar>
  );
}

function CancelledNote() {
  const record = useRecordContext<AdminLiveSession>();
  return record?.status === 'cancelled' ? <Alert severity="warning">Økten er avlyst og kan ikke endres.</Alert> : null;
}

/** The edit form sends the Oslo wall time under `startsAt`; only changed fields reach the API. */
function toRequest(data: Record<string, unknown>): Record<string, unknown> {
  const { startsAtLocal, ...rest } = data;
  return { ...rest, startsAt: startsAtLocal };
}

export function LiveSessionEdit() {
  return (
    <Edit
      actions={<BackToListActions label="panel.liveSessions.alleLiveOkter" />}
      mutationMode="pessimistic"
      redirect="list"
      queryOptions={fullRecord}
      mutationOptions={fullRecord}
      transform={toRequest}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <CancelledNote />
        <LiveSessionFields startSource="startsAtLocal" />
        <TextInput
          source="recordingVideoId"
          validate={validateRecording}
          fullWidth
          helperText="Etter økten: YouTube-id eller lenke til opptaket. Vises på tidligere økter."
        />
        <TextInput
          source="notes"
          validate={maxLength(10000)}
          multiline
          minRows={3}
          fullWidth
          helperText="Etter økten: notater til elevene."
        />
      </SimpleForm>
    </Edit>
  );
}
