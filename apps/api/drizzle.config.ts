import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every schema file, not the tests beside them (a test imports vitest, which drizzle-kit cannot load).
  schema: './src/db/schema/!(*.test).ts',
  out: './src/db/migrations',
});
