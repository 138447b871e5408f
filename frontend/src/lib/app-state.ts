import {
  APP_STATE_ELEMENT_ID,
  priceVatWording,
  type AppState,
  type CatalogId,
  type CatalogItem,
  type CatalogResponse,
  type SiteSettings,
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

/** How the pages say MVA beside prices: "inkl. mva", or why there is none (seller outside the MVA register). */
export function usePriceVat(): { short: string; long: string } {
  return priceVatWording(useSettings().seller.vatRegistered !== false);
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
