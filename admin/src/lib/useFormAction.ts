import { useState } from 'react';
import { errorMessage } from './http';

/**
 * A form's busy flag and error message around one async action: busy while it runs, the error
 * cleared at the start, and by default the server's message shown when it fails.
 */
export function useFormAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>, onError: (err: unknown) => void = (err) => setError(errorMessage(err))) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, setError, run };
}
