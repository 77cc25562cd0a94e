import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineStableIds } from './mantine-ids-plugin.ts';
import { mantineLazyDefaults } from './mantine-lazy-defaults-plugin.ts';
import { pageAssets } from './page-assets-plugin.ts';

const apiServer = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), mantineStableIds(), mantineLazyDefaults(), pageAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server renderer needs no copy of public/ (favicon, icons, service worker): the server serves dist/.
    copyPublicDir: !isSsrBuild,
    rollupOptions: {
      output: {
        // Chunks under 8 KB without side effects are merged into a chunk loaded in the same cases (decision 086): a
        // driver screen's first load went from 21 files to 15, and at Lighthouse's 150 ms round trips over HTTP/1.1's
        // six connections per host that took 0.2 s off its first paint (95 → 97). The entry grows by 4 KB (gzip): the
        // help-center screens and Mantine's small shared components are in it now.
        experimentalMinChunkSize: 8_000,
      },
      treeshake: {
        // @cargo/shared builds its zod schemas at module top level and does not declare itself
        // side-effect free, so without this a page importing one constant would pull in every
        // schema and most of zod.
        moduleSideEffects: (id, external) => external || !id.includes('/packages/shared/src/'),
      },
    },
  },
  // The server renderer (src/entry-server.tsx, `vite build --ssr`) is one self-contained file the server loads: it
  // needs none of the web app's packages installed beside the server.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/ws': { target: apiServer, ws: true, changeOrigin: true },
    },
  },
}));
