import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { securityHeaders } from './security';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3.1 document generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Lombard API');
    const operation = doc.paths['/api/get-global-config/'].get;
    expect(operation.tags).toContain('config');
    const schema = operation.responses['200'].content['application/json'].schema;
    expect(schema.properties.error_reporting.properties).toHaveProperty('traces_sample_rate');
    expect(schema.required).toContain('newsletter_settings');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes the upload routes’ multipart forms: text fields and binary files, with the required ones', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const form = (path: string) => {
      const body = doc.paths[path].post.requestBody;
      expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
      return body.content['multipart/form-data'].schema;
    };
    const binary = { type: 'string', format: 'binary' };

    const identity = form('/api/v1/documents/kyc/identity/');
    expect(identity.properties.front).toMatchObject(binary);
    expect(identity.properties.back).toMatchObject(binary);
    expect(identity.properties.back.description).toContain('passport');
    expect(identity.properties.type.enum).toEqual(['identity_card', 'passport', 'driving_licence']);
    expect(identity.properties).toHaveProperty('number');
    expect(identity.properties).toHaveProperty('issued_on');
    expect(identity.properties).toHaveProperty('expires_on');
    expect([...identity.required].sort()).toEqual(['expires_on', 'front', 'issued_on', 'number', 'type']);

    const address = form('/api/v1/documents/kyc/address-proof/');
    expect(address.properties.file).toMatchObject(binary);
    expect([...address.required].sort()).toEqual(['file', 'issued_on', 'type']);

    const plan = form('/api/v1/stock-plans/');
    expect(plan.properties.file).toMatchObject(binary);
    for (const field of ['partner_id', 'company_name', 'plan_name', 'vested_units', 'unit_price', 'price_source']) {
      expect(plan.properties).toHaveProperty(field);
    }
    expect([...plan.required].sort()).toEqual(['file', 'plan_name', 'price_source', 'unit_price', 'vested_units']);
  });

  it('hides the health probes from the document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths).not.toHaveProperty('/healthz');
    expect(doc.paths).not.toHaveProperty('/readyz');
  });

  it('serves the interactive UI at /api/docs, under the same content security policy as every page', async () => {
    const res = await docsPage(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/swagger/i);
    const appPolicy = securityHeaders(t.app.config).documentOnly['content-security-policy'];
    expect(res.headers['content-security-policy']).toBe(appPolicy);
    // The UI plugin's own policy let scripts and styles come from any https origin.
    expect(res.headers['content-security-policy']).not.toContain('https:');
  });
});

describe('OpenAPI turned off (the production default)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ seed: false, env: { API_DOCS: 'false' } });
  });
  afterAll(async () => off.close());

  it('answers neither the document nor the UI', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    expect((await docsPage(off)).statusCode).toBe(404);
  });
});

/** The UI's page, following the redirect from /api/docs to its index. */
async function docsPage(app: TestApp) {
  const res = await app.app.inject({ method: 'GET', url: '/api/docs' });
  if (res.statusCode < 300 || res.statusCode >= 400) return res;
  const url = new URL(String(res.headers.location), 'http://x/api/docs').pathname;
  return app.app.inject({ method: 'GET', url });
}
