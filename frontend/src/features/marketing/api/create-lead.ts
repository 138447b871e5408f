import type { CreateLeadRequest, CreateLeadResponse } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

export type CreateLeadBody = CreateLeadRequest;
export type { CreateLeadResponse };

/** POST /api/leads → 201 {success, id, next} or 400 {statusCode, message, code}. */
export function createLead(body: CreateLeadBody): Promise<CreateLeadResponse> {
  return apiPost<CreateLeadResponse>('/api/leads', body);
}
