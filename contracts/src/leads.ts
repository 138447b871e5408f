import type { Attribution } from './api';
import { isCheckoutCourseId, type LeadCourseType, type TrafficSource } from './catalog';

/**
 * Where the lead form sends the visitor next: the checkout for a course that is
 * sold there, else the Starter player. The server's answer (`next`, or the 303 of the form without
 * JavaScript) and the storefront's fallback use this one rule.
 */
export function leadDestination(courseType: string, email: string): string {
  const e = encodeURIComponent(email);
  return isCheckoutCourseId(courseType) ? `/bestill?course=${courseType}&email=${e}` : `/course/starter?email=${e}`;
}

/** The `utm` object of a lead body (the page's own UTM parameters, older clients). */
export interface LeadUtm {
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
}

/**
 * The first-touch rule (docs/decisions.md "Attribution"): the visit's first touch wins over the code of the
 * page the form is on and over the page's own UTM parameters; those count only where the visit's
 * attribution knows nothing.
 */
export function firstTouchAttribution(input: {
  attribution?: Attribution | null;
  trafficSource?: TrafficSource | null;
  utm?: LeadUtm | null;
}): Attribution {
  const a = input.attribution ?? undefined;
  return {
    ...a,
    trafficSource: a?.trafficSource ?? input.trafficSource ?? undefined,
    utmSource: a?.utmSource ?? input.utm?.source,
    utmMedium: a?.utmMedium ?? input.utm?.medium,
    utmCampaign: a?.utmCampaign ?? input.utm?.campaign,
    utmTerm: a?.utmTerm ?? input.utm?.term,
    utmContent: a?.utmContent ?? input.utm?.content,
  };
}

/** `POST /api/leads`: the pages' lead form. */
export interface CreateLeadRequest {
  email: string;
  courseType: LeadCourseType;
  /** Page path or code the form was sent from. */
  source: string;
  /** The page's own variant, used only when the visit's first touch is unknown. */
  trafficSource?: TrafficSource;
  utm?: LeadUtm;
  attribution?: Attribution;
  /** The box "Ja takk, send meg gratis tips og tilbud på e-post …" was ticked. */
  marketingConsent?: boolean;
}

/** The answer to `POST /api/leads`. */
export interface CreateLeadResponse {
  success: true;
  id: number;
  /** Where the visitor goes next ({@link leadDestination}). */
  next: string;
}
