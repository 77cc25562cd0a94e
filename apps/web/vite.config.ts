import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreload } from './route-preload-plugin.ts';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), routePreload()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      treeshake: {
        // @cargo/shared builds its zod schemas at module top level and does not declare itself
        // side-effect free, so without this a page importing one constant would pull in every
        // schema and most of zod.
        moduleSideEffects: (id, external) => external || !id.includes('/packages/shared/src/'),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/ws': { target: apiServer, ws: true, changeOrigin: true },
    },
  },
});
