import { VIPPS_LOGIN_MSG, VIPPS_LOGIN_REASONS, type VippsLoginReason } from '@academy/contracts';
import { FormMessage } from '../../../components/Form';
import { OrDivider, VippsLoginButton } from '../../../components/VippsLoginButton';
import { useSettings } from '../../../lib/app-state';

const isReason = (v: string | null): v is VippsLoginReason => (VIPPS_LOGIN_REASONS as readonly string[]).includes(v ?? '');

/**
 * «Logg inn med Vipps» above a sign-in form (where the site has it), and why the last try did not sign
 * in (`?vipps=<reason>` from the server), in Norwegian.
 */
export function VippsSignIn({ next, reason }: { next: string; reason: string | null }) {
  const { vippsLogin } = useSettings();
  return (
    <>
      {isReason(reason) && (
        <FormMessage kind="error" id="vipps-login-error">
          {VIPPS_LOGIN_MSG.reasons[reason]}
        </FormMessage>
      )}
      {vippsLogin && (
        <>
          <VippsLoginButton next={next} />
          <OrDivider />
        </>
      )}
    </>
  );
}
