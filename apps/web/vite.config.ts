import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

// Mantine's ScrollArea imports one hook from floating-ui, and with it the shared floating-ui chunk: see
// src/lib/merge-refs.ts. Should ScrollArea import anything else from there, the build fails on it.
const scrollAreaWithoutFloatingUi: Plugin = {
  name: 'lombard:scroll-area-without-floating-ui',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== '@floating-ui/react' || !importer) return null;
    if (!/@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/.test(importer)) return null;
    return fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url));
  },
};

// Two builds (docs/decisions/006): the browser's (dist/) and the server renderer of the public pages
// (dist/.ssr/, `vite build --ssr`), which the API loads to answer page requests with HTML.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), scrollAreaWithoutFloatingUi],
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
