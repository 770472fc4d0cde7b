import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

// Two builds (docs/decisions/006): the browser's (dist/) and the server renderer of the public pages
// (dist/.ssr/, `vite build --ssr`), which the API loads to answer page requests with HTML.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': apiTarget, '/healthz': apiTarget, '/readyz': apiTarget } },
  // The renderer is self-contained, so that a build copied elsewhere (WEB_DIST) still runs.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        target: 'node24',
        outDir: 'dist/.ssr',
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        rolldownOptions: { input: 'src/app/server-entry.tsx', output: { entryFileNames: 'server-entry.js' } },
      }
    : {
        target: 'es2022',
        sourcemap: false,
        manifest: true,
        chunkSizeWarningLimit: 600,
        // One stylesheet, linked from index.html: a server-rendered page must be styled before any
        // script runs, including the styles of the route modules it shows (CSS modules).
        cssCodeSplit: false,
      },
}));
