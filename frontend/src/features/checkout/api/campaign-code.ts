import type { CampaignCodeQuote, CheckoutCourseId } from '@academy/contracts';
import { apiGet } from '../../../lib/api';

/**
 * GET /api/campaign-codes/:code?courseId= → the course's price with the code, priced by the server
 * (404 with the reason in Norwegian when the code cannot be used).
 */
export function fetchCampaignCodeQuote(
  code: string,
  courseId: CheckoutCourseId,
  signal?: AbortSignal,
): Promise<CampaignCodeQuote> {
  return apiGet<CampaignCodeQuote>(
    `/api/campaign-codes/${encodeURIComponent(code.trim())}?courseId=${encodeURIComponent(courseId)}`,
    signal,
  );
}
