import { supportCollectionsResponseSchema } from '@lombard/shared/schemas/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportArticles } from '../../db/schema/support';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const URL = '/api/v1/intercom/collections/with-articles/';

describe('GET /api/v1/intercom/collections/with-articles/', () => {
  it('answers {data, pages, count} with every translation, unfiltered by language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${URL}?per_page=50&page=1`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const body = supportCollectionsResponseSchema.parse(res.json());
    expect(body.pages).toEqual({ per_page: 50, page: 1, total_pages: 1 });
    expect(body.count).toBeGreaterThanOrEqual(4);
    expect(body.data).toHaveLength(body.count);
    for (const collection of body.data) {
      expect(Object.keys(collection.translated_content).sort()).toEqual(['en', 'it']);
      const bilingual = collection.articles.filter((a) => a.translated_content.it && a.translated_content.en);
      expect(bilingual.length).toBeGreaterThanOrEqual(3);
    }
    // The Italian-only article is in the answer in English too: the client filters, the server does not.
    const advances = body.data.find((c) => c.slug === 'anticipi')!;
    const italianOnly = advances.articles.find((a) => a.slug === 'verifica-del-credito')!;
    expect(Object.keys(italianOnly.translated_content)).toEqual(['it']);
    // The translation of each language overlays the item's own fields.
    expect(advances.translated_content.en?.name).toBe('Advances');
    expect(advances.name).toBe('Anticipi');
    expect(advances.articles[0]!.translated_content.en?.title).toBe('How the advance works');
  });

  it('pages and filters', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${URL}?per_page=2&page=2&order_by__=-position` });
    const body = supportCollectionsResponseSchema.parse(page.json());
    expect(body.pages).toEqual({ per_page: 2, page: 2, total_pages: Math.ceil(body.count / 2) });
    expect(body.data).toHaveLength(2);
    const one = await t.app.inject({ method: 'GET', url: `${URL}?slug=sicurezza` });
    expect(one.json().data.map((c: { slug: string }) => c.slug)).toEqual(['sicurezza']);
  });

  it('rejects bad paging with a translated 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${URL}?per_page=0`, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().per_page).toEqual(['The minimum value allowed is 1.']);
    const order = await t.app.inject({ method: 'GET', url: `${URL}?order_by__=password` });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toHaveProperty('order_by__');
  });

  it('sanitises article bodies, translations included', async () => {
    const [collection] = (await t.app.inject({ method: 'GET', url: URL })).json().data;
    await t.database.db.insert(supportArticles).values({
      collectionId: collection.id,
      slug: 'unsafe',
      position: 99,
      title: 'Unsafe',
      body: '<p onclick="steal()">Ciao<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
      translatedContent: { en: { title: 'Unsafe', body: '<img src=x onerror=alert(1)><p>Hi</p>' } },
    });
    const res = await t.app.inject({ method: 'GET', url: `${URL}?slug=${collection.slug}` });
    const article = res.json().data[0].articles.find((a: { slug: string }) => a.slug === 'unsafe');
    expect(article.body).toBe('<p>Ciao<a rel="noopener noreferrer">x</a></p>');
    expect(article.translated_content.en.body).toBe('<p>Hi</p>');
  });
});
