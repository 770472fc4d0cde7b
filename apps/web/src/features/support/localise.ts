// The help centre is fetched unfiltered; each item's `translated_content[language]` overlays
// its own fields, and only items translated into the current language are kept.
import type { Language } from '@lombard/shared/locale';
import type { SupportCollection } from '@lombard/shared/schemas/support';

export interface LocalisedArticle {
  id: number;
  slug: string;
  collectionSlug: string;
  title: string;
  description: string;
  /** Sanitised HTML from the server. */
  body: string;
  updatedAt: string;
}

export interface LocalisedCollection {
  id: number;
  slug: string;
  icon: string;
  name: string;
  description: string;
  articles: LocalisedArticle[];
}

/** The item's fields with those of its translation on top; fields the translation lacks stay. */
function overlay<T extends object>(item: T, translation: Partial<Record<keyof T, unknown>> | undefined): T {
  const result = { ...item };
  for (const [key, value] of Object.entries(translation ?? {})) {
    if (typeof value === 'string') (result as Record<string, unknown>)[key] = value;
  }
  return result;
}

export function localiseCollections(collections: SupportCollection[], language: Language): LocalisedCollection[] {
  return collections
    .filter((collection) => collection.translated_content[language])
    .map((collection) => {
      const base = overlay(
        { name: collection.name, description: collection.description },
        collection.translated_content[language],
      );
      return {
        id: collection.id,
        slug: collection.slug,
        icon: collection.icon,
        ...base,
        articles: collection.articles
          .filter((article) => article.translated_content[language])
          .map((article) => ({
            id: article.id,
            slug: article.slug,
            collectionSlug: collection.slug,
            updatedAt: article.updated_at,
            ...overlay(
              { title: article.title, description: article.description, body: article.body },
              article.translated_content[language],
            ),
          })),
      };
    });
}

/** Lower case without accents, so that "perché" matches "perche". */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The text of an HTML body, for searching. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export interface SearchHit {
  article: LocalisedArticle;
  collection: LocalisedCollection;
  /** Higher first: a title match beats a body match. */
  score: number;
}

/** Articles whose title, description or body contain every word of the query. */
export function searchArticles(collections: LocalisedCollection[], query: string): SearchHit[] {
  const words = normalise(query)
    .split(/\s+/)
    .filter((word) => word.length > 1);
  if (words.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const collection of collections) {
    for (const article of collection.articles) {
      const title = normalise(article.title);
      const description = normalise(article.description);
      const body = normalise(plainText(article.body));
      const all = `${title} ${description} ${body}`;
      if (!words.every((word) => all.includes(word))) continue;
      const score = words.reduce(
        (sum, word) =>
          sum + (title.includes(word) ? 3 : 0) + (description.includes(word) ? 2 : 0) + (body.includes(word) ? 1 : 0),
        0,
      );
      hits.push({ article, collection, score });
    }
  }
  return hits.sort((a, b) => b.score - a.score || a.article.title.localeCompare(b.article.title));
}
