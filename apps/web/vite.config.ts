import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPagePreloads, inlineStylesheet, preloadAppChunk } from './vite-plugins.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadAppChunk(), firstPagePreloads(), inlineStylesheet()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    // In production the API serves the SPA on the same origin; the proxy reproduces that in dev
    // (scripts/dev.mjs passes the API's address).
    proxy: { '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-bundle-budget.mjs walks the manifest to size what the home page needs.
    manifest: true,
    rolldownOptions: {
      // Contracts are pure declarations: a chunk keeps only the contract modules it reads.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contracts/') },
      output: {
        // The libraries every page's first render needs after the overlay, in one file instead of
        // a dozen small shared chunks (each its own request).
        codeSplitting: {
          groups: [
            {
              name: 'app-libs',
              test: /node_modules[\\/](react-router|@tanstack|react-hot-toast|goober|zod)[\\/]/,
              // React itself stays in the entry (the overlay needs it).
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
