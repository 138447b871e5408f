import type { Attribution, LeadCourseType, TrafficSource } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

export interface CreateLeadBody {
  email: string;
  courseType: LeadCourseType;
  source: string;
  trafficSource?: TrafficSource;
  attribution?: Attribution;
  /** The box "Ja takk, send meg gratis tips og tilbud på e-post …" (unticked by default). */
  marketingConsent?: boolean;
}

export interface CreateLeadResponse {
  success: boolean;
  id: number;
  next: string;
}

/** POST /api/leads → 201 {success, id, next} or 400 {statusCode, message, code}. */
export function createLead(body: CreateLeadBody): Promise<CreateLeadResponse> {
  return apiPost<CreateLeadResponse>('/api/leads', body);
}
