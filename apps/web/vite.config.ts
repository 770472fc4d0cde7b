import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

// Two Mantine imports the build points at our own modules, so that what they bring stays off every page
// with a table (docs/decisions/015). Should Mantine's module import anything else from there, the build
// fails on the missing export rather than shipping a broken component.
// - ScrollArea imports one hook from floating-ui, and with it the whole floating-ui chunk: see
//   src/lib/merge-refs.ts.
// - Table imports its ScrollContainer (a ScrollArea, about 5 KB gzip) to hang it on Table.ScrollContainer:
//   that becomes src/lib/table-scroll.tsx, the browser's own sideways scrolling.
const MANTINE_REDIRECTS: ReadonlyArray<{ importer: RegExp; source: string; target: string }> = [
  {
    importer: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/,
    source: '@floating-ui/react',
    target: './src/lib/merge-refs.ts',
  },
  {
    importer: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]Table\.mjs$/,
    source: './TableScrollContainer.mjs',
    target: './src/lib/table-scroll.tsx',
  },
];
const mantineRedirects: Plugin = {
  name: 'lombard:mantine-redirects',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer) return null;
    const redirect = MANTINE_REDIRECTS.find((r) => r.source === source && r.importer.test(importer));
    return redirect ? fileURLToPath(new URL(redirect.target, import.meta.url)) : null;
  },
};

// Two builds (docs/decisions/006): the browser's (dist/) and the server renderer of the public pages
// (dist/.ssr/, `vite build --ssr`), which the API loads to answer page requests with HTML.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), mantineRedirects],
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
