import { CONTACT_EMAIL_PLACEHOLDER } from '@academy/contracts';
import type { EnvReader } from './env-reader';

/** What the pages show: SITE_NAME, MENTOR_*, the addresses, the community links and the Google tag. */
export interface SiteConfig {
  siteName: string;
  mentorName: string;
  mentorSlug: string;
  contactEmail: string;
  privacyEmail: string;
  communityUrl: string;
  /** VIP_COMMUNITY_URL: the VIP community's link, shown to active VIP members only (null: COMMUNITY_URL). */
  vipCommunityUrl: string | null;
  gaMeasurementId: string | null;
}

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function readSite(env: EnvReader): SiteConfig {
  const gaMeasurementId = env.str('GA_MEASUREMENT_ID');
  if (gaMeasurementId !== null && !/^G-[A-Z0-9]{4,20}$/.test(gaMeasurementId))
    env.problem(`GA_MEASUREMENT_ID: må se ut som G-XXXXXXX, fikk "${gaMeasurementId}"`);
  const mentorSlug = env.str('MENTOR_SLUG') ?? 'mentor';
  if (!SLUG_RE.test(mentorSlug)) env.problem(`MENTOR_SLUG: bare små bokstaver a-z, tall og bindestrek, fikk "${mentorSlug}"`);
  const contactEmail = env.email('CONTACT_EMAIL', CONTACT_EMAIL_PLACEHOLDER);
  return {
    siteName: env.str('SITE_NAME') ?? 'Trading Akademiet',
    mentorName: env.str('MENTOR_NAME') ?? 'Mentoren',
    mentorSlug,
    contactEmail,
    privacyEmail: env.email('PRIVACY_EMAIL', contactEmail),
    communityUrl: env.url('COMMUNITY_URL', 'https://discord.com'),
    vipCommunityUrl: env.url('VIP_COMMUNITY_URL', null),
    gaMeasurementId,
  };
}
