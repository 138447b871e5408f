import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

/** react-router publishes its development build under the default export conditions; use the production one. */
const routerProd = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The admin panel: built to admin/dist with base /admin/ (the backend serves it at /admin and
 * /admin/*, falling back to index.html). `npm run dev` serves it on 5174 and proxies /api.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  // @academy/contracts is a workspace package; the `source` condition reads its TypeScript directly.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: /^react-router$/, replacement: routerProd('index.mjs') },
      { find: /^react-router\/dom$/, replacement: routerProd('dom-export.mjs') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': { target: api, changeOrigin: false } },
  },
});
