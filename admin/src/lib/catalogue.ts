import type { CatalogItem, CatalogResponse } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { httpClient } from './http';

let cached: Promise<CatalogItem[]> | null = null;

/** The catalogue as the site sells it (GET /api/catalog), read once per page load. */
export function loadCatalogue(): Promise<CatalogItem[]> {
  cached ??= httpClient('/api/catalog')
    .then(({ json }) => (json as CatalogResponse).items)
    .catch((e: unknown) => {
      cached = null;
      throw e;
    });
  return cached;
}

export interface CourseChoice {
  id: string;
  name: string;
}

/**
 * Every product of the catalogue as choices (`{id, name}`), narrowed by `which`: the panel's lists of
 * courses to target or discount come from here, never from a hand-written list that forgets one.
 * Empty until the catalogue is read.
 */
export function useCatalogueChoices(which: (item: CatalogItem) => boolean = () => true): CourseChoice[] {
  const [items, setItems] = useState<CatalogItem[]>([]);
  useEffect(() => {
    let live = true;
    loadCatalogue()
      .then((all) => live && setItems(all))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return items.filter(which).map((i) => ({ id: i.id, name: i.title }));
}
