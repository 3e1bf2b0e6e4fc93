// The console's build (decisions.md §14): `npm install` and `npm start` run it through
// scripts/build-if-changed.mjs, so nobody runs Vite by hand. Everything lands in web/dist under the /app/
// base the service serves it at; nothing is fetched from a CDN at run time.
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  // Vite 8 compiles TSX with Oxc; React's automatic JSX runtime needs no plugin for a production build.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // A console's bundle stays small (the closing note measures it); say so when a chunk grows past this.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // React Query marks its modules "use client" for server-component bundlers; a browser bundle has no
      // server side, so the directive means nothing here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    // `npx vite web` during development talks to a service on :3000.
    proxy: { '/graphql': 'http://localhost:3000', '/api': 'http://localhost:3000' },
  },
});
