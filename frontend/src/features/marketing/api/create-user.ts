import type { Attribution, CreateUserResponse, LeadCourseType, TrafficSource } from '@academy/contracts';
import { apiPost } from '../../../lib/api';

export interface CreateUserBody {
  email: string;
  courseType: LeadCourseType;
  trafficSource: TrafficSource;
  attribution?: Attribution;
  /** The box "Ja takk, send meg gratis tips og tilbud på e-post …" (unticked by default). */
  marketingConsent?: boolean;
}

/** POST /api/create-user (SPEC §7): free account + Starter; the welcome mail carries the sign-in link (no session here). */
export function createUser(body: CreateUserBody): Promise<CreateUserResponse> {
  return apiPost<CreateUserResponse>('/api/create-user', body);
}
