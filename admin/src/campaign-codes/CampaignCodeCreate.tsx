import { Create, SimpleForm } from 'react-admin';
import { CampaignCodeFields } from './CampaignCodeForm';
import { toRequest, type CodeFormValues } from './format';

export function CampaignCodeCreate() {
  return (
    <Create redirect="list" transform={(d: CodeFormValues) => toRequest(d)}>
      <SimpleForm defaultValues={{ kind: 'percent', courseIds: ['foundation', 'accelerator'], active: true }}>
        <CampaignCodeFields />
      </SimpleForm>
    </Create>
  );
}
