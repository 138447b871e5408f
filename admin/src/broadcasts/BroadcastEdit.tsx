import Alert from '@mui/material/Alert';
import type { AdminBroadcast } from '@academy/contracts';
import { Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { BackToListActions } from '../lib/ShowParts';
import { BroadcastFields, toRequest } from './BroadcastForm';
import { fullRecord } from '../lib/fullRecord';

function NotDraft() {
  const r = useRecordContext<AdminBroadcast>();
  return r && r.status !== 'draft' ? <Alert severity="warning">Bare utkast kan endres.</Alert> : null;
}

function FormToolbar() {
  const r = useRecordContext<AdminBroadcast>();
  return (
    <Toolbar>
      <SaveButton disabled={r?.status !== 'draft'} />
    </Toolbar>
  );
}

/** Only a draft can be edited; the data provider sends the changed fields. */
export function BroadcastEdit() {
  return (
    <Edit
      actions={<BackToListActions label="panel.broadcasts.alleUtsendelser" />}
      mutationMode="pessimistic"
      redirect="show"
      queryOptions={fullRecord}
      mutationOptions={fullRecord}
      transform={toRequest}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <NotDraft />
        <BroadcastFields />
      </SimpleForm>
    </Edit>
  );
}
