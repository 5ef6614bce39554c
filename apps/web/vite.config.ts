import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { checkChunkCycles, sharedChunk } from './chunk-layout.ts';
import {
  checkSharedChunk,
  firstPagePreloads,
  overlayIcon,
  precompress,
  preloadAppChunk,
} from './vite-plugins.ts';

/**
 * Modules that several pages import (icons, layout pieces, query keys) go into one `shared` chunk (the
 * contracts go with the libraries, in `app-libs`) instead of one tiny chunk each: every request on the
 * first page's path costs a round trip over HTTP/1.1. chunk-layout.ts decides which, from the module
 * graph, and keeps the entry's own modules and the form code out of it.
 */
const shared = sharedChunk();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    overlayIcon(),
    preloadAppChunk(),
    firstPagePreloads(),
    precompress(),
    checkSharedChunk(),
    shared.plugin,
    checkChunkCycles(),
  ],
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
    // One stylesheet for the whole app, one link in the head (decision 0014). Split per chunk, a
    // dynamic import would also list the entry's stylesheet among its dependencies and fetch it a
    // second time (the home page's slider did: 21 KB for nothing).
    cssCodeSplit: false,
    rolldownOptions: {
      // Contracts are pure declarations: a chunk keeps only the contract modules it reads.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contracts/') },
      output: {
        // The libraries every page's first render needs after the overlay, in one file instead of
        // a dozen small shared chunks (each its own request).
        codeSplitting: {
          groups: [
            {
              // The contracts too: they import only zod, and module code calls their builders
              // (statusFilter, pageFields) at load. Split between the shared and app chunks, which import
              // each other, the app chunk could run before the shared one had defined them ("is not a
              // function" at start, in 6 of 71 journeys).
              name: 'app-libs',
              test: /node_modules[\\/](react-router|@tanstack|react-hot-toast|goober|zod)[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/]/,
              // React itself stays in the entry (the overlay needs it).
              includeDependenciesRecursively: false,
            },
            {
              name: 'shared',
              test: shared.test,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
