import { publicPartnerSchema } from '@lombard/shared/schemas/partners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARTNERS } from '../../seed/partners';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/v1/public/partners/:slug/', () => {
  it.each(DEMO_PARTNERS.map((p) => p.slug))('answers partner %s with its logo and offer', async (slug) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/partners/${slug}/`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const partner = publicPartnerSchema.parse(res.json());
    const seeded = DEMO_PARTNERS.find((p) => p.slug === slug)!;
    expect(partner.name).toBe(seeded.name);
    expect(partner.headline).toBe(seeded.en.headline);
    expect(partner.logo_svg).toMatch(/^<svg /);
  });

  it('answers in Italian by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/partners/vela-robotics/' });
    expect(res.json().headline).toBe(DEMO_PARTNERS[1].it.headline);
  });

  it('answers 404 {detail} for an unknown partner', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public/partners/acme/',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Element not found');
  });
});
