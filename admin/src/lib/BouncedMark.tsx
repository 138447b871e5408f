import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { formatDateTime } from './format';

/**
 * «Adressen kommer i retur»: mail to this address bounced for good (it does not exist or takes no
 * mail) and nothing has gone through since. Shown beside the address on the lead and the student;
 * `action` says what to do about it (correct the address, where that can be done).
 */
export function BouncedMark({ at, action }: { at: string | null | undefined; action?: ReactNode }) {
  if (!at) return null;
  return (
    <Alert severity="warning" data-testid="mail-bounced" sx={{ mt: 1 }}>
      E-post til adressen kommer i retur (siden {formatDateTime(at)}): adressen finnes ikke eller tar ikke imot e-post. {action}
    </Alert>
  );
}
