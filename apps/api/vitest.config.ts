import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Test files share their worker's modules with the files before them (isolate: false): importing the
// app again for every file was more than half of the suite's time. Each file builds its own app and
// database, so no state crosses files. A file that replaces a module (vi.mock) needs a module graph of
// its own: such files are found here and run isolated.
const SOURCES = path.join(import.meta.dirname, 'src');
const MOCKING_FILES = readdirSync(SOURCES, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(SOURCES, file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

export default defineConfig({
  test: {
    environment: 'node',
    // The prepared databases every test app starts from (src/test/templates.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Each file opens its own database; PGlite instances are memory-hungry, so keep files to two at once.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One key sealing the TOTP secrets for every app and prepared database of the run (the demo
    // customer's secret is sealed in the templates and opened by the test apps).
    env: { NODE_ENV: 'test', AUTHENTICATOR_KEY: '6c6f6d626172642d746573742d6b65792d666f722d746f74702d736563726574' },
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.ts'], exclude: MOCKING_FILES, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES } },
    ],
  },
});
