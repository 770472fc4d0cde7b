import { menuSchema } from '@lombard/shared/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const menu = (profile: string, access?: string, language = 'it') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/role/${profile}/menu/?no_page=no_page`,
    headers: { 'accept-language': language, ...(access ? { authorization: `Bearer ${access}` } : {}) },
  });

describe('GET /api/v1/role/{profile}/menu/', () => {
  it('answers the seeded menu of a held profile, ordered, with labels in the request language', async () => {
    const session = await loginAs(t.app, 'base@demo.lombard.test');
    const italian = menuSchema.parse((await menu('base', session.access, 'it')).json());
    expect(italian.map((item) => [item.key, item.label, item.path])).toEqual([
      ['product', 'Fondi', '/customer/product/'],
      ['profile', 'Profilo', '/customer/profile/'],
    ]);
    const english = menuSchema.parse((await menu('base', session.access, 'en-GB,en;q=0.9')).json());
    expect(english.map((item) => item.label)).toEqual(['Funds', 'Profile']);
  });

  it('customers see cash and advance; leads do not', async () => {
    const customer = await loginAs(t.app, 'customer@demo.lombard.test');
    const keys = menuSchema.parse((await menu('customer', customer.access)).json()).map((i) => i.key);
    expect(keys).toEqual(['home', 'wallet', 'product', 'transaction', 'document', 'cash', 'loan', 'profile']);
    const lead = await loginAs(t.app, 'lead@demo.lombard.test');
    const leadKeys = menuSchema.parse((await menu('lead', lead.access)).json()).map((i) => i.key);
    expect(leadKeys).not.toContain('cash');
    expect(leadKeys).toContain('wallet');
  });

  it('403 for a profile the caller does not hold; admin and superuser may read any', async () => {
    const base = await loginAs(t.app, 'base@demo.lombard.test');
    const forbidden = await menu('customer', base.access, 'en');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe('You do not have permission to perform this operation.');

    const admin = await loginAs(t.app, 'admin@demo.lombard.test');
    expect((await menu('base', admin.access)).statusCode).toBe(200);
    const superuser = await createUser(t.app, { email: 'root@example.com', attributes: ['base'], isSuperuser: true });
    const rootSession = await loginAs(t.app, superuser.email);
    expect((await menu('customer', rootSession.access)).statusCode).toBe(200);
  });

  it('401 when signed out, 400 for a profile that does not exist', async () => {
    expect((await menu('base')).statusCode).toBe(401);
    const session = await loginAs(t.app, 'base@demo.lombard.test');
    const unknown = await menu('pirate', session.access);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty('profile');
  });
});
