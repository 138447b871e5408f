import { createRequire } from 'node:module';

const load = createRequire(__filename);

/**
 * A library loaded on first use instead of at start: for heavy ones that only a few requests need
 * (pdfkit for PDFs, markdown-it and sanitize-html for marketing mail, about 40 MB resident between
 * them), so an instance that never makes a PDF never pays for it. Returns the module's default
 * export (or the module itself for CommonJS `module.exports =`).
 */
export function lazyDefault<T>(id: string): () => T {
  const mod = lazyModule<{ __esModule?: boolean; default?: T } & T>(id);
  return () => {
    const m = mod();
    return m.__esModule && m.default !== undefined ? m.default : m;
  };
}

/** A module loaded on first call; `peek()` answers it only if something has loaded it already. */
export interface LazyModule<T> {
  (): T;
  peek(): T | null;
}

/**
 * A library's whole module, loaded on first use (`lazyModule<typeof S3>('@aws-sdk/client-s3')`, with
 * `import type * as S3 from '@aws-sdk/client-s3'`): for clients of services an instance may not be
 * set up for (S3 backups, Discord, Mux), which cost 5–25 MB resident each when loaded at start.
 */
export function lazyModule<T>(id: string): LazyModule<T> {
  let loaded: T | null = null;
  const get = (() => (loaded ??= load(id) as T)) as LazyModule<T>;
  get.peek = () => loaded;
  return get;
}
