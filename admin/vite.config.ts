import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The admin panel: built to admin/dist with base /admin/ (the backend serves it at /admin and
 * /admin/*, falling back to index.html). `npm run dev` serves it on 5174 and proxies /api.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  // @academy/contracts is a workspace package; the `source` condition reads its TypeScript directly.
  resolve: { conditions: ['source', ...defaultClientConditions] },
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
