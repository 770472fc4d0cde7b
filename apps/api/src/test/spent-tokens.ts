import { sql } from 'drizzle-orm';
import type { TestApp } from './app';

/**
 * Makes the refresh tokens used so far look used a minute ago: past the moments in which a browser that
 * lost a refresh's answer may present its token again (docs/decisions/047), so presenting one is a replay.
 */
export async function ageSpentRefreshTokens(t: TestApp): Promise<void> {
  await t.app.database.db.execute(
    sql`update refresh_tokens set used_at = used_at - interval '1 minute' where used_at is not null`,
  );
}
