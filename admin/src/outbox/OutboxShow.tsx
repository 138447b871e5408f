import type { AdminOutboxMessageDetail } from '@academy/contracts';
import { FunctionField, NumberField, ReferenceField, Show, SimpleShowLayout, TextField, WithRecord } from 'react-admin';
import { DateTimeField } from '../lib/fields';
import { BackToListActions, FieldRow, Preformatted } from '../lib/ShowParts';
import { kindLabel, OutboxStatusChip } from './OutboxStatus';
import { bouncedHard, CorrectAddressButton, MailFailureText } from './MailFailure';
import { ResendButton } from './ResendButton';
import { fullRecord } from '../lib/fullRecord';

/** One message: envelope, delivery state and the plain-text part (the API hides one-time links in it). */
export function OutboxShow() {
  return (
    <Show
      queryOptions={fullRecord}
      actions={
        <BackToListActions label="panel.common.tilbakeTilListen">
          <WithRecord<AdminOutboxMessageDetail> render={(r) => (bouncedHard(r) ? <CorrectAddressButton /> : <ResendButton />)} />
        </BackToListActions>
      }
    >
      <SimpleShowLayout>
        <FieldRow>
          <FunctionField<AdminOutboxMessageDetail> source="status" render={(r) => <OutboxStatusChip status={r.status} />} />
          <FunctionField<AdminOutboxMessageDetail> source="kind" render={(r) => kindLabel(r.kind)} />
          <NumberField source="attempts" />
          <DateTimeField source="sentAt" />
        </FieldRow>
        <TextField source="toAddress" />
        <ReferenceField source="userId" reference="users" link="show" emptyText="–">
          <TextField source="email" />
        </ReferenceField>
        <TextField source="subject" />
        <DateTimeField source="createdAt" />
        <DateTimeField source="nextAttemptAt" />
        <FunctionField<AdminOutboxMessageDetail> source="lastError" render={(r) => <MailFailureText record={r} />} />
        <FunctionField<AdminOutboxMessageDetail> source="textBody" render={(r) => <Preformatted>{r.textBody}</Preformatted>} />
      </SimpleShowLayout>
    </Show>
  );
}
