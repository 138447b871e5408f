import {
  BooleanInput,
  CheckboxGroupInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  TextInput,
  maxValue,
  minValue,
  regex,
  required,
} from 'react-admin';
import { CAMPAIGN_CODE_PATTERN, MSG } from '@academy/contracts';
import { useCatalogueChoices } from '../lib/catalogue';
import { type CodeFormValues } from './format';

/** The server's rule for how a code is written (Æ, Ø and Å included). */
const validateCode = [required(), regex(CAMPAIGN_CODE_PATTERN, MSG.campaignCodeInvalid)];

/** The fields of a campaign code (create and edit). */
export function CampaignCodeFields() {
  // A code can be made for anything the checkout sells (the server's rule): read from the catalogue.
  const codeCourses = useCatalogueChoices((c) => c.soldByCheckout);
  return (
    <>
      <TextInput
        source="code"
        validate={validateCode}
        helperText="Det kunden skriver inn. Store og små bokstaver regnes som like."
        parse={(v: string) => v.toUpperCase()}
      />
      <RadioButtonGroupInput
        source="kind"
        label="panel.common.rabatt"
        choices={[
          { id: 'percent', name: 'Prosent' },
          { id: 'amount', name: 'Beløp (kr)' },
        ]}
      />
      <FormDataConsumer<CodeFormValues>>
        {({ formData }) =>
          formData.kind === 'amount' ? (
            <NumberInput
              source="amountOffKr"
              label="panel.campaignCodes.rabattIKroner"
              validate={[required(), minValue(1)]}
              helperText="Prisen blir aldri lavere enn 3 kr."
            />
          ) : (
            <NumberInput
              source="percentOff"
              label="panel.campaignCodes.rabattIProsent"
              validate={[required(), minValue(1), maxValue(100)]}
            />
          )
        }
      </FormDataConsumer>
      <CheckboxGroupInput source="courseIds" choices={codeCourses} validate={required('Velg minst ett kurs')} />
      <DateTimeInput source="validFrom" helperText="Tomt: gjelder fra nå." />
      <DateTimeInput source="validTo" helperText="Tomt: ingen sluttdato." />
      <NumberInput source="maxUses" validate={minValue(1)} helperText="Antall betalte ordrer. Tomt: ingen grense." />
      <BooleanInput source="active" />
    </>
  );
}
