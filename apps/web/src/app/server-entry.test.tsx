// @vitest-environment node
// The renderer as the API runs it: one module per process, its catalogues and lazy code loaded on first
// use. The first page a process renders must come out as a page, whatever it is: the site's layout reads
// a catalogue that a page which does not load it itself (the 404) finds not yet there.
import type { ApiHandler } from '@lombard/shared/server-rendering';
import { describe, expect, it } from 'vitest';
import { createRenderer } from './server-entry';

const calls: string[] = [];
const api: ApiHandler = async ({ url }) => {
  calls.push(url);
  const body = url.startsWith('/api/get-global-config/') ? { social_links: [], newsletter_settings: {} } : {};
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
};
const render = createRenderer(api);
const visit = (url: string) =>
  render({ url, cookies: '', acceptLanguage: 'it-IT,it;q=0.9', clientAddress: '10.0.0.1' });

describe('server rendering in a fresh process', () => {
  it('renders the not-found page with the site layout as its very first page', async () => {
    const result = await visit('/nonesiste/');
    expect(result.kind).toBe('page');
    if (result.kind !== 'page') return;
    expect(result.status).toBe(404);
    expect(result.title).toBe('Pagina non trovata');
    expect(result.html).toContain('data-testid="not-found-page"');
    expect(result.html).toContain('Torna alla home');
    // The layout around it, in Italian: the navbar's link to the home page.
    expect(result.html).toContain('href="/home/"');
    expect(calls).toContain('/api/get-global-config/');
  });
});
