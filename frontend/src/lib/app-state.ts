import {
  APP_STATE_ELEMENT_ID,
  catalogVatWording,
  coursesVatWording,
  priceVatWording,
  type AppState,
  type CatalogId,
  type CatalogItem,
  type CatalogResponse,
  type SiteSettings,
  type VatTreatment,
} from '@academy/contracts';
import { createContext, useContext } from 'react';
import { apiGet } from './api';

/** Settings and catalogue the server embedded in the page (`<script type="application/json" id="app-state">`). */
export function readEmbeddedAppState(doc: Document = document): AppState | null {
  const el = doc.getElementById(APP_STATE_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    const state = JSON.parse(el.textContent) as AppState;
    if (state && typeof state === 'object' && state.settings && state.catalog) return state;
  } catch (e) {
    console.error('Kunne ikke lese app-state', e);
  }
  return null;
}

/** In `vite dev` nothing is embedded: ask the API. */
export async function fetchAppState(): Promise<AppState> {
  const [settings, catalog] = await Promise.all([apiGet<SiteSettings>('/api/site'), apiGet<CatalogResponse>('/api/catalog')]);
  return { settings, catalog };
}

export async function loadAppState(): Promise<AppState> {
  return readEmbeddedAppState() ?? fetchAppState();
}

export const AppStateContext = createContext<AppState | null>(null);

export function useAppState(): AppState {
  const s = useContext(AppStateContext);
  if (!s) throw new Error('AppStateContext mangler');
  return s;
}

export function useSettings(): SiteSettings {
  return useAppState().settings;
}

/**
 * How the pages say MVA beside a course's price: by the course's treatment ("inkl. mva", "uten mva" for
 * an exempt course, MVA on part of a split price), or why there is none (seller outside the MVA register).
 */
export function usePriceVat(course?: Pick<CatalogItem, 'vatTreatment'> | null): { short: string; long: string } {
  return priceVatWording(useSettings().seller.vatRegistered !== false, course?.vatTreatment ?? 'standard');
}

/**
 * What a page says once about the MVA of several prices: the given courses', or every course sold
 * (the footer); true for a mixed catalogue too.
 */
export function useCoursesVat(courses?: ReadonlyArray<Pick<CatalogItem, 'vatTreatment'>>): { short: string; long: string } {
  const registered = useSettings().seller.vatRegistered !== false;
  const sold = useCatalog().items.filter((i) => i.soldByCheckout);
  const treatments: VatTreatment[] = (courses ?? sold).map((i) => i.vatTreatment ?? 'standard');
  return coursesVatWording(registered, treatments);
}

/** The footer's line: "Alle priser i NOK inkl. mva." for the catalogue as it is treated. */
export function useCatalogVat(): string {
  const registered = useSettings().seller.vatRegistered !== false;
  const treatments: VatTreatment[] = useCatalog()
    .items.filter((i) => i.soldByCheckout)
    .map((i) => i.vatTreatment ?? 'standard');
  return catalogVatWording(registered, treatments);
}

export function useCatalog(): CatalogResponse {
  return useAppState().catalog;
}

/** One item of the catalogue (throws for an unknown id: the catalogue always holds every id). */
export function useCatalogItem(id: CatalogId): CatalogItem {
  const item = useCatalog().items.find((i) => i.id === id);
  if (!item) throw new Error(`Ukjent katalog-id: ${id}`);
  return item;
}
