import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { AdminCampaignCode } from '@academy/contracts';
import { resourceViews } from '../lib/lazyView';

const view = resourceViews();

/** Campaign codes: percent or amount off chosen courses, with dates, a use limit and an on/off switch. */
export default {
  list: view(() => import('./CampaignCodeList'), 'CampaignCodeList'),
  create: view(() => import('./CampaignCodeCreate'), 'CampaignCodeCreate'),
  edit: view(() => import('./CampaignCodeEdit'), 'CampaignCodeEdit'),
  icon: LocalOfferIcon,
  recordRepresentation: (r: AdminCampaignCode) => r.code,
};
