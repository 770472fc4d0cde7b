import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Test files run in VM contexts of one jsdom per worker (pool: vmThreads): each file still gets modules
// of its own, and making a jsdom for every file had been a third of the suite's time. Two things a VM
// context does differently, so the files that test them run in a process of their own:
// - the page's `location` cannot be replaced (a test stubs `reload`);
// - Node's fetch hands back a Blob of Node's realm, not the page's (a test checks a download is a Blob).
const OWN_REALM = ['src/components/route-error.test.tsx', 'src/lib/http/http-client.test.ts'];

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // A form test types and waits like a person; 5 s (the default) was too little when the suite shared
    // its two cores with the browser tests. A test that hangs still fails, after 15 s.
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: { name: 'vm', include: ['src/**/*.test.{ts,tsx}'], exclude: OWN_REALM, pool: 'vmThreads' },
      },
      { extends: true, test: { name: 'own-realm', include: OWN_REALM } },
    ],
  },
});
