import { Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { BackToListActions } from '../lib/ShowParts';
import { SequenceFields, toRequest } from './SequenceForm';
import { fullRecord } from '../lib/fullRecord';

/** No delete (a sequence is switched off with 'Aktiv'). The whole sequence is sent on save (steps as one list), so the server sees the new order and text. */
export function SequenceEdit() {
  return (
    <Edit
      actions={<BackToListActions label="panel.sequences.alleSekvenser" />}
      mutationMode="pessimistic"
      queryOptions={fullRecord}
      mutationOptions={fullRecord}
      transform={toRequest}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <SequenceFields />
      </SimpleForm>
    </Edit>
  );
}
