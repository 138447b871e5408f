import { createRequire } from 'node:module';

const load = createRequire(__filename);

/**
 * A library loaded on first use instead of at start: for heavy ones that only a few requests need
 * (pdfkit for PDFs, markdown-it and sanitize-html for marketing mail, about 40 MB resident between
 * them), so an instance that never makes a PDF never pays for it. Returns the module's default
 * export (or the module itself for CommonJS `module.exports =`).
 */
export function lazyDefault<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      const m = load(id) as { __esModule?: boolean; default?: T } & T;
      loaded = m.__esModule && m.default !== undefined ? m.default : m;
    }
    return loaded;
  };
}
