import type { AdminCampaignCode } from '@academy/contracts';
import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { BackToListActions } from '../lib/ShowParts';
import { CampaignCodeFields } from './CampaignCodeForm';
import { CodeOrders } from './CodeOrders';
import { toForm, toRequest, type CodeFormValues } from './format';
import { fullRecord } from '../lib/fullRecord';

function FormToolbar() {
  const record = useRecordContext<AdminCampaignCode>();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {/* A code used by paid orders stays (the orders name it): switch it off instead. */}
      {record && record.uses === 0 && <DeleteButton mutationMode="pessimistic" confirmTitle="Slette kampanjekoden?" />}
    </Toolbar>
  );
}

export function CampaignCodeEdit() {
  return (
    <Edit
      actions={<BackToListActions label="panel.campaignCodes.alleKampanjekoder" />}
      mutationMode="pessimistic"
      redirect="list"
      queryOptions={{ ...fullRecord, select: (r: AdminCampaignCode) => toForm(r) }}
      mutationOptions={fullRecord}
      transform={(d: CodeFormValues) => toRequest(d)}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <CampaignCodeFields />
        <CodeOrders />
      </SimpleForm>
    </Edit>
  );
}
