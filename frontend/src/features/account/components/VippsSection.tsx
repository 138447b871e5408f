import { VIPPS_LOGIN_MSG, type MeResponse } from '@academy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { StatusMessage, type FormStatus } from '../../../components/Form';
import { api, ApiError } from '../../../lib/api';
import { useSettings } from '../../../lib/app-state';
import { setSession } from '../../../lib/session';
import { AccountSection } from './AccountSection';

/**
 * 'Vipps': the account signs in with Vipps. «Koble fra Vipps» only when the account has a password to
 * sign in with afterwards; otherwise it says to set one first. Hidden where Vipps is not linked.
 */
export function VippsSection({ me }: { me: MeResponse }) {
  const { vippsLogin } = useSettings();
  const qc = useQueryClient();
  const [status, setStatus] = useState<FormStatus>(null);
  const unlink = useMutation({
    mutationFn: () => api<{ message: string }>('/api/account/vipps', { method: 'DELETE' }),
    onSuccess: (res) => {
      setStatus({ kind: 'success', text: res.message });
      setSession(qc, { ...me, vippsLinked: false });
    },
    onError: (err) => setStatus({ kind: 'error', text: err instanceof ApiError ? err.message : 'Noe gikk galt. Prøv igjen.' }),
  });
  if (!vippsLogin || (!me.vippsLinked && !status)) return null;
  return (
    <AccountSection data-testid="vipps">
      <h2>Vipps</h2>
      {me.vippsLinked ? (
        <>
          <p className="account-section__lead">Du kan logge inn med Vipps på denne kontoen.</p>
          {me.passwordSet ? (
            <div className="account-section__actions">
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => {
                  setStatus(null);
                  unlink.mutate();
                }}
                busy={unlink.isPending}
                disabled={unlink.isPending}
              >
                Koble fra Vipps
              </Button>
            </div>
          ) : (
            <p className="account-section__lead">{VIPPS_LOGIN_MSG.unlinkNeedsPassword}</p>
          )}
        </>
      ) : null}
      <StatusMessage status={status} />
    </AccountSection>
  );
}
