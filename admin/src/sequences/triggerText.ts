import type { AdminSequence } from '@academy/contracts';
import { SEQUENCE_TRIGGER_LABELS, variantLabel } from '@academy/contracts';
import { COURSE_LABELS, label } from '../lib/labels';

/**
 * What a 'lead' trigger's value matches: a variant (A–D) is the page the lead came from; `starter`
 * is not the home page but the Starter course chosen on the form, from any variant (the marketing
 * listener's variantsOf), so it is never called 'Forsiden' here.
 */
export function leadTriggerLabel(value: string): string {
  return value === 'starter' ? 'Meldte seg på Starter-kurset (alle varianter)' : `Fra variant ${variantLabel(value)}`;
}

/** 'Lead registrert (Meldte seg på Starter-kurset …)', 'Kjøpte kurs (Foundation)'. */
export function triggerText(s: Pick<AdminSequence, 'trigger' | 'triggerValue'>): string {
  const value =
    s.triggerValue && (s.trigger === 'lead' ? leadTriggerLabel(s.triggerValue) : label(COURSE_LABELS, s.triggerValue));
  return `${SEQUENCE_TRIGGER_LABELS[s.trigger]}${value ? ` (${value})` : ''}`;
}
