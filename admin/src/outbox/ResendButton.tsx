import SendIcon from '@mui/icons-material/Send';
import type { AdminOutboxMessageDetail } from '@academy/contracts';
import { useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { ConfirmButton } from '../lib/ConfirmButton';

/**
 * 'Send på nytt': a failed or queued message goes out again from scratch; a sent (or only logged)
 * one is copied into a new message, which is shown afterwards. One being sent right now cannot be.
 */
export function ResendButton() {
  const record = useRecordContext<AdminOutboxMessageDetail>();
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  if (!record) return null;
  const requeue = record.status === 'failed' || record.status === 'pending';

  return (
    <ConfirmButton
      label="panel.outbox.sendPaNytt"
      icon={<SendIcon />}
      disabled={record.status === 'sending'}
      title="Sende e-posten på nytt?"
      content={
        requeue
          ? `E-posten til ${record.toAddress} legges i køen igjen og sendes med en gang.`
          : `En ny kopi sendes til ${record.toAddress}. Denne e-posten blir stående som den er.`
      }
      confirmLabel="Send"
      onConfirm={async () => {
        const res = await dp.resendOutbox(Number(record.id));
        if (res.action === 'copied') {
          notify('En ny kopi er lagt i køen', { type: 'success' });
          redirect('show', 'outbox', res.message.id);
        } else {
          notify('E-posten er lagt i køen igjen', { type: 'success' });
          refresh();
        }
      }}
    />
  );
}
