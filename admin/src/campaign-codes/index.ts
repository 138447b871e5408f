import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { AdminCampaignCode } from '@academy/contracts';
import { lazyView } from '../lib/lazyView';

/** Campaign codes: percent or amount off chosen courses, with dates, a use limit and an on/off switch. */
export default {
  list: lazyView(() => import('./CampaignCodeList'), 'CampaignCodeList'),
  create: lazyView(() => import('./CampaignCodeCreate'), 'CampaignCodeCreate'),
  edit: lazyView(() => import('./CampaignCodeEdit'), 'CampaignCodeEdit'),
  icon: LocalOfferIcon,
  recordRepresentation: (r: AdminCampaignCode) => r.code,
};
