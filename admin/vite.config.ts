import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../backend/src/contracts', import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The admin panel: built to admin/dist with base /admin/ (the backend serves it at /admin and
 * /admin/*, falling back to index.html). `npm run dev` serves it on 5174 and proxies /api.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { alias: { '@contracts': contracts } },
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
