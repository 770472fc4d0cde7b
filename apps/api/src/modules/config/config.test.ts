import { globalConfigSchema } from '@lombard/shared/schemas/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/get-global-config/', () => {
  it('answers the configuration the client needs, in the shared schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get-global-config/' });
    expect(res.statusCode).toBe(200);
    const body = globalConfigSchema.parse(res.json());
    expect(body.error_reporting.traces_sample_rate).toBe(0.1);
    expect(body.error_reporting.replays_session_sample_rate).toBe(0.1);
    expect(body.error_reporting.replays_on_error_sample_rate).toBe(1);
    expect(body.minimum_advance_amount).toBe('5000.00');
    expect(body.max_instalments).toBe(40);
    expect(body.newsletter_settings.it?.url).toBeTruthy();
    expect(body.newsletter_settings.en?.url).toBeTruthy();
    expect(res.headers['cache-control']).toContain('max-age');
  });

  it('is served from memory after the first load', async () => {
    await t.app.inject({ method: 'GET', url: '/api/get-global-config/' });
    // With the database closed, a cached answer is still served.
    const spy = t.app.database.db.select;
    let calls = 0;
    t.app.database.db.select = ((...args: Parameters<typeof spy>) => {
      calls++;
      return spy.apply(t.app.database.db, args);
    }) as typeof spy;
    const res = await t.app.inject({ method: 'GET', url: '/api/get-global-config/' });
    t.app.database.db.select = spy;
    expect(res.statusCode).toBe(200);
    expect(calls).toBe(0);
  });
});
