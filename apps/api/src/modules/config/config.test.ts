import { globalConfigSchema } from '@lombard/shared/schemas/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createConfigService } from './global-config';
import { readOperatorSettings, SETTING_KEYS, writeSetting } from './service';

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

  it('answers 304 to a client that holds the current version (ETag)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/get-global-config/' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/get-global-config/',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/get-global-config/',
      headers: { 'if-none-match': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('a changed setting is answered at once, with a new ETag', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/get-global-config/' });
    const social = [{ network: 'mastodon', url: 'https://example.social/@lombard' }];
    await writeSetting(t.app.database.db, SETTING_KEYS.socialLinks, social);
    // The database announces the change (in-process on the embedded one, over the network from a server).
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/get-global-config/' })).json().social_links, {
        timeout: 2000,
        interval: 20,
      })
      .toEqual(social);
    const after = await t.app.inject({ method: 'GET', url: '/api/get-global-config/' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('an answer built while a setting changed is not the one kept', async () => {
    const service = createConfigService(
      t.app.config,
      () => readOperatorSettings(t.app.database.db),
      () => '2026-11-29',
    );
    const stale = service.answer();
    // The change's notice arrives while the first answer is being built from the old settings.
    service.invalidate();
    await stale;
    expect(service.ready()).toBeNull();
    const fresh = await service.answer();
    expect(fresh).not.toBe(await stale);
    expect(service.ready()).toBe(fresh);
  });
});
