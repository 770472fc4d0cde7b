// The set-up test files share (the privacy ones): one money fixture per file, and the raw rows a test reads to
// see what the API does not show (what was erased, kept, or never written).
import type { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type MoneyFixture, moneyFixture } from './money';

export const DAY = 24 * 3_600_000;

/** Makes the file's fixture before its tests (handing it to `onReady`) and closes it after them. */
export function fileFixture(onReady: (fixture: MoneyFixture) => void) {
  let fixture: MoneyFixture | undefined;
  beforeAll(async () => {
    fixture = await moneyFixture();
    onReady(fixture);
  });
  afterAll(async () => {
    await fixture?.t.close();
  });
  return {
    async rows(query: ReturnType<typeof sql>) {
      if (!fixture) throw new Error('the fixture is made before the tests');
      const result = await fixture.t.database.db.execute(query);
      return (result as unknown as { rows: Record<string, unknown>[] }).rows;
    },
  };
}
