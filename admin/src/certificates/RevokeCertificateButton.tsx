import type { AdminCertificate } from '@academy/contracts';
import { useNotify, useRefresh } from 'react-admin';
import { useAdminData } from '../dataProvider';
import { ConfirmButton } from '../lib/ConfirmButton';

/** Revokes a certificate after asking (audited; the verification page then says it is revoked). */
export function RevokeCertificateButton({ cert }: { cert: AdminCertificate }) {
  const dp = useAdminData();
  const notify = useNotify();
  const refresh = useRefresh();
  if (cert.revoked) return null;
  return (
    <ConfirmButton
      label="panel.common.trekkTilbake"
      color="error"
      title={`Trekke tilbake sertifikatet ${cert.code}?`}
      content="Sertifikatet blir ugyldig med en gang: bekreftelsessiden sier at det er trukket tilbake, og eleven kan ikke laste det ned lenger."
      confirmLabel="Trekk tilbake"
      onConfirm={async () => {
        await dp.revokeCertificate(cert.id);
        notify(`Sertifikatet ${cert.code} er trukket tilbake`, { type: 'success' });
        refresh();
      }}
    />
  );
}
