import type { CatalogResponse, SiteSettings } from './api';
import type { CertificateVerification } from './certificates';

/**
 * The contract between the server and the storefront's server bundle
 * (frontend/dist/server/entry-server.cjs, CommonJS, self-contained).
 *
 * The client template (frontend/dist/client/index.html) holds three placeholders:
 * `<!--app-head-->` (title, meta, canonical, Open Graph), `<!--app-html-->` inside `<div id="root">`,
 * and `<!--app-state-->`, which the server replaces with
 * `<script type="application/json" id="app-state">{settings, catalog}</script>`.
 */
export interface RenderContext {
  settings: SiteSettings;
  catalog: CatalogResponse;
  /** The certificate a `/sertifikat/:code` page shows, looked up by the server per request (null: no such code). */
  certificate?: CertificatePageState;
}

/** What the server knows about the code of a `/sertifikat/:code` page. */
export interface CertificatePageState {
  code: string;
  verification: CertificateVerification | null;
}

export interface RenderResult {
  /** Markup for inside #root. */
  html: string;
  /** Tags for inside <head>. */
  head: string;
  /** 200, or 404 for the not-found page. */
  status: number;
}

export interface SsrModule {
  /** Paths rendered to HTML on the server (marketing, sales, sign-up and legal pages). */
  prerenderPaths(settings: SiteSettings): string[];
  /** Paths the browser app renders by itself (member area, checkout…): answered 200 with the shell. */
  isAppPath(pathname: string, settings: SiteSettings): boolean;
  /** Renders one URL. */
  render(url: string, ctx: RenderContext): RenderResult;
  /** Head tags for the shell of app paths (title etc.). */
  shellHead(pathname: string, ctx: RenderContext): string;
}

export const APP_STATE_ELEMENT_ID = 'app-state';

export interface AppState {
  settings: SiteSettings;
  catalog: CatalogResponse;
  certificate?: CertificatePageState;
}
