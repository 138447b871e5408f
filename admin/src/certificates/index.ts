import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { AdminCertificate } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

/** Issued course certificates: read, and revoke one (the public verification page then says so). */
export default {
  list: lazyView(() => import('./CertificateList'), 'CertificateList'),
  show: lazyView(() => import('./CertificateShow'), 'CertificateShow'),
  icon: WorkspacePremiumIcon,
  recordRepresentation: (r: AdminCertificate) => r.code,
};
