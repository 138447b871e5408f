import type { CatalogItem, CatalogResponse } from '@academy/contracts';

/**
 * The launch offer, as the catalogue says it is now: the launch price holds for a course while it has
 * launch seats left (LAUNCH_SEATS students). After that no page may speak of a launch price.
 */
export function inLaunch(item: Pick<CatalogItem, 'launchSeatsLeft'>): boolean {
  return (item.launchSeatsLeft ?? 0) > 0;
}

/** "Lanseringspris for de første 100 elevene" while any course sold by checkout is still at its launch price, else null. */
export function launchOfferText(catalog: Pick<CatalogResponse, 'items' | 'launchSeats'>): string | null {
  return catalog.items.some(inLaunch) ? `Lanseringspris for de første ${catalog.launchSeats} elevene` : null;
}
