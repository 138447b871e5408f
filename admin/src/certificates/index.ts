import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { AdminCertificate } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

/** Issued course certificates: read, and revoke one (the public verification page then says so). */
export default {
  list: view(() => import('./CertificateList'), 'CertificateList'),
  show: view(() => import('./CertificateShow'), 'CertificateShow'),
  icon: WorkspacePremiumIcon,
  recordRepresentation: (r: AdminCertificate) => r.code,
};
