import { useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from './http';

/**
 * A button's async action (grant, revoke, resend, export): busy while it runs, and when it fails
 * the server's message as an error notification (the button has no form to show it in).
 */
export function useNotifyingAction(fallback?: string) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      notify(errorMessage(err, fallback), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
