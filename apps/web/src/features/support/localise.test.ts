import type { SupportCollection } from '@lombard/shared/schemas/support';
import { describe, expect, it } from 'vitest';
import { localiseCollections, normalise, plainText, searchArticles } from './localise';

const article = (
  id: number,
  slug: string,
  translated: SupportCollection['articles'][number]['translated_content'],
) => ({
  id,
  slug,
  collection_id: 1,
  position: id,
  title: `title-${slug}`,
  description: '',
  body: '<p>base</p>',
  updated_at: '2026-01-15T00:00:00.000Z',
  translated_content: translated,
});

const collections: SupportCollection[] = [
  {
    id: 1,
    slug: 'anticipi',
    icon: 'coin-euro',
    position: 0,
    name: 'Anticipi',
    description: 'Descrizione',
    updated_at: '2026-01-15T00:00:00.000Z',
    translated_content: { it: { name: 'Anticipi' }, en: { name: 'Advances', description: 'About advances' } },
    articles: [
      article(1, 'come-funziona', {
        it: { title: 'Come funziona', body: '<p>Il pegno &amp; la <strong>garanzia</strong></p>' },
        en: { title: 'How it works', body: '<p>The pledge secures the advance</p>' },
      }),
      article(2, 'solo-italiano', { it: { title: 'Perché il pegno?', description: 'Solo in italiano' } }),
    ],
  },
  {
    id: 2,
    slug: 'solo-it',
    icon: 'help',
    position: 1,
    name: 'Solo italiano',
    description: '',
    updated_at: '2026-01-15T00:00:00.000Z',
    translated_content: { it: {} },
    articles: [],
  },
];

describe('localiseCollections', () => {
  it('keeps only items translated into the language, with the translation overlaying the item', () => {
    const en = localiseCollections(collections, 'en');
    expect(en.map((c) => c.slug)).toEqual(['anticipi']);
    expect(en[0]).toMatchObject({ name: 'Advances', description: 'About advances' });
    expect(en[0]!.articles.map((a) => a.slug)).toEqual(['come-funziona']);
    expect(en[0]!.articles[0]).toMatchObject({ title: 'How it works', body: '<p>The pledge secures the advance</p>' });
  });

  it('falls back to the item’s own fields where the translation has none', () => {
    const it = localiseCollections(collections, 'it');
    expect(it.map((c) => c.slug)).toEqual(['anticipi', 'solo-it']);
    expect(it[0]).toMatchObject({ name: 'Anticipi', description: 'Descrizione' });
    expect(it[0]!.articles[1]).toMatchObject({
      title: 'Perché il pegno?',
      description: 'Solo in italiano',
      body: '<p>base</p>',
    });
  });
});

describe('searchArticles', () => {
  it('matches every word in titles and bodies, ignoring accents and markup, titles first', () => {
    const it = localiseCollections(collections, 'it');
    expect(searchArticles(it, 'pegno').map((h) => h.article.slug)).toEqual(['solo-italiano', 'come-funziona']);
    expect(searchArticles(it, 'PERCHE pegno').map((h) => h.article.slug)).toEqual(['solo-italiano']);
    expect(searchArticles(it, 'garanzia').map((h) => h.article.slug)).toEqual(['come-funziona']);
    expect(searchArticles(it, 'strong')).toEqual([]);
    expect(searchArticles(it, ' ')).toEqual([]);
  });

  it('never finds an article that is not translated into the language', () => {
    const en = localiseCollections(collections, 'en');
    expect(searchArticles(en, 'italiano')).toEqual([]);
  });

  it('normalises text', () => {
    expect(normalise('Perché È')).toBe('perche e');
    expect(plainText('<p>a &amp; b</p><ul><li>c</li></ul>')).toBe('a & b c');
  });
});
