// A broken link to a page (an address the router cannot decode) shows the visitor a page about it, in
// their language and colour scheme; a program calling the API still reads the JSON error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    // Like the web plugin's: every page path reaches one route, and its path is decoded as a parameter.
    routes: (app) => {
      app.get('/*', async () => 'page');
    },
  });
});
afterAll(() => t.close());

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: BROWSER, ...headers } });

describe('a page address that cannot be decoded', () => {
  it('answers a browser with a page of its own, in Italian by default, with the headers of a document', async () => {
    const res = await get('/home/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-language']).toBe('it');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<html lang="it">');
    expect(res.body).toContain('<title>Indirizzo non valido — Lombard</title>');
    expect(res.body).toContain('<a href="/home/">Vai alla home</a>');
    // No script: the policy's script hashes are for the app's pages.
    expect(res.body).not.toContain('<script');
  });

  it('speaks the language the visitor chose on the site before the one of their browser', async () => {
    const english = await get('/why-us/%zz/', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.body).toContain('<title>This address is not valid — Lombard</title>');
    expect(english.headers['content-language']).toBe('en');
    const chosen = await get('/why-us/%zz/', { 'accept-language': 'en-GB', cookie: 'lombard_language=it-IT' });
    expect(chosen.body).toContain('<html lang="it">');
  });

  it('keeps the colour scheme the visitor chose', async () => {
    const dark = await get('/home/%E0%A4%A', { cookie: 'lombard_theme=dark' });
    expect(dark.body).toContain('<html lang="it" data-scheme="dark">');
    const system = await get('/home/%E0%A4%A', { cookie: 'lombard_theme=auto' });
    expect(system.body).toContain('<html lang="it">');
  });

  it('answers the API and clients that do not read HTML with the JSON error', async () => {
    const api = await get('/api/v1/products/%E0%A4%A/');
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ detail: "L'indirizzo della richiesta non è valido.", code: 'BAD_URL' });
    const program = await get('/home/%E0%A4%A', { accept: 'application/json' });
    expect(program.statusCode).toBe(400);
    expect(program.json()).toMatchObject({ code: 'BAD_URL' });
    expect(program.headers['content-security-policy']).toBeUndefined();
  });
});
