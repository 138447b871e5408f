import SendIcon from '@mui/icons-material/Send';
import type { AdminOutboxMessageDetail, ResendOutboxResponse } from '@academy/contracts';
import { useState } from 'react';
import { Button, fetchUtils, HttpError, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';

/**
 * 'Send på nytt': a failed or queued message goes out again from scratch; a sent one is copied into a
 * new message (shown afterwards). POST /api/admin/outbox/:id/resend.
 */
export function ResendButton() {
  const record = useRecordContext<AdminOutboxMessageDetail>();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const onClick = async () => {
    setBusy(true);
    try {
      const { json } = await fetchUtils.fetchJson(`/api/admin/outbox/${record.id}/resend`, {
        method: 'POST',
        body: '{}',
        credentials: 'same-origin',
      });
      const res = json as ResendOutboxResponse;
      if (res.action === 'copied') {
        notify('En ny kopi er lagt i køen', { type: 'success' });
        redirect('show', 'outbox', res.message.id);
      } else {
        notify('E-posten er lagt i køen igjen', { type: 'success' });
        refresh();
      }
    } catch (e) {
      const message = e instanceof HttpError && typeof e.body?.message === 'string' ? e.body.message : 'Kunne ikke sende på nytt';
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="Send på nytt" onClick={onClick} disabled={busy || record.status === 'sending'}>
      <SendIcon />
    </Button>
  );
}
