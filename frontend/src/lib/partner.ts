import { CAMPAIGN_CODE_PATTERN, normalizeCampaignCode, PARTNER_QUERY_PARAM } from '@academy/contracts';
import { apiPost } from './api';

/**
 * A partner's link (`?partner=KODE` on any page, or `/p/KODE`, which the server counts and sends on with
 * `via=lenke`): the code is remembered for this visit in memory only, so the checkout applies it. Nothing
 * is written to the device, so no consent is asked (ekomloven § 3-15; docs/decisions.md "Partners"). A
 * reload or a new tab forgets it; the link itself carries it again.
 */
let remembered: string | null = null;
const counted = new Set<string>();

/** The partner code of this visit, or null. */
export function partnerCode(): string | null {
  return remembered;
}

/** Reads `?partner=` of a page view: remembers the code and counts one click (once per code and visit). */
export function recordPartnerLink(url: { search: string }): void {
  if (typeof window === 'undefined') return;
  const params = new URLSearchParams(url.search);
  const raw = params.get(PARTNER_QUERY_PARAM);
  if (!raw || !CAMPAIGN_CODE_PATTERN.test(raw.trim())) return;
  const code = normalizeCampaignCode(raw);
  remembered = code;
  if (counted.has(code)) return;
  counted.add(code);
  // `/p/KODE` counted the click already on the server.
  if (params.get('via') === 'lenke') return;
  void apiPost('/api/partners/clicks', { code }).catch(() => undefined);
}
