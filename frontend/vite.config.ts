import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

/** react-router publishes its development build under the default export conditions; use the production one. */
const routerProd = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Two builds from one config:
 * - `vite build`: the browser bundle and the HTML template → dist/client
 * - `vite build --ssr src/entry-server.tsx`: one self-contained CommonJS file → dist/server/entry-server.cjs,
 *   which the backend require()s to render the marketing pages (contracts/src/ssr.ts).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    // @academy/contracts is a workspace package; the `source` condition reads its TypeScript directly.
    conditions: ['source', ...(isSsrBuild ? defaultServerConditions : defaultClientConditions)],
    alias: [
      { find: /^react-router$/, replacement: routerProd('index.mjs') },
      { find: /^react-router\/dom$/, replacement: routerProd('dom-export.mjs') },
    ],
  },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  ssr: { noExternal: true, target: 'node', resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        sourcemap: false,
        copyPublicDir: false,
        rolldownOptions: {
          output: { format: 'cjs', entryFileNames: 'entry-server.cjs', codeSplitting: false },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        target: 'es2020',
        // Components import their CSS beside them; one stylesheet, linked by the HTML template, keeps the
        // pages the server renders styled before any script runs (the server only links what index.html links).
        cssCodeSplit: false,
        modulePreload: { polyfill: false },
        reportCompressedSize: false,
      },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      // The no-JavaScript lead form posts to `/` (form-encoded); only POST goes to the backend.
      '^/$': {
        target: api,
        bypass: (req) => (req.method === 'POST' ? undefined : req.url),
      },
      '/sitemap.xml': { target: api },
      '/robots.txt': { target: api },
    },
  },
}));
