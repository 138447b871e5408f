import type { TrafficSource } from './catalog';

/**
 * The experiment's variants by the one name the mentor sees everywhere (the panel's lists, filters,
 * overview, segments): the four variant pages, and `starter`, the home page. One map, so the home
 * page is never 'Forsiden' in one place and 'Starter' or `starter` in another.
 */
export const VARIANT_LABELS: Readonly<Record<TrafficSource, string>> = {
  A: 'A – gratiskurs',
  B: 'B – profesjonell',
  C: 'C – mentor',
  D: 'D – krypto',
  starter: 'Forsiden',
};

/** A first touch with no known variant (the overview's `ukjent`). */
export const UNKNOWN_VARIANT_LABEL = 'Ukjent';

/** The name of a stored variant value; `Ukjent` for none or `ukjent`, the value itself if unknown. */
export function variantLabel(value: string | null | undefined): string {
  if (!value || value === 'ukjent') return UNKNOWN_VARIANT_LABEL;
  return (VARIANT_LABELS as Record<string, string>)[value] ?? value;
}
