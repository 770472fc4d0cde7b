import type { SupportCollection, SupportCollectionsQuery } from '@lombard/shared/schemas/support';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Database } from '../../db/client';
import { supportArticles, supportCollections } from '../../db/schema/support';

/**
 * What an article body may contain. Bodies are written by operators (and seeded); they are sanitised
 * again on the way out, so that a body stored by any other path still cannot carry script or styles.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], th: ['scope'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Links leaving the site open in place; rel keeps the referrer private.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeArticleBody(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

type Translations = Record<string, Record<string, string | undefined>>;

function sanitizeTranslations(content: unknown): Translations {
  const result: Translations = {};
  for (const [language, fields] of Object.entries((content ?? {}) as Translations)) {
    result[language] = { ...fields, ...(fields.body !== undefined ? { body: sanitizeArticleBody(fields.body) } : {}) };
  }
  return result;
}

const ORDER = {
  position: [asc(supportCollections.position), asc(supportCollections.id)],
  '-position': [desc(supportCollections.position), desc(supportCollections.id)],
  name: [asc(supportCollections.name), asc(supportCollections.id)],
  '-name': [desc(supportCollections.name), desc(supportCollections.id)],
  updated_at: [asc(supportCollections.updatedAt), asc(supportCollections.id)],
  '-updated_at': [desc(supportCollections.updatedAt), desc(supportCollections.id)],
} as const;

export function createSupportService(db: Database) {
  /**
   * Collections with their articles, unfiltered by language: every item carries its
   * `translated_content` and the client keeps those translated into the visitor's language.
   */
  async function collectionsWithArticles(query: SupportCollectionsQuery) {
    const where = query.slug ? eq(supportCollections.slug, query.slug) : undefined;
    const [total] = await db.select({ value: count() }).from(supportCollections).where(where);
    const rows = await db
      .select()
      .from(supportCollections)
      .where(where)
      .orderBy(...ORDER[query.order_by__])
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);
    const ids = rows.map((row) => row.id);
    const articles = ids.length
      ? await db
          .select()
          .from(supportArticles)
          .where(inArray(supportArticles.collectionId, ids))
          .orderBy(asc(supportArticles.position), asc(supportArticles.id))
      : [];
    const data: SupportCollection[] = rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      icon: row.icon,
      position: row.position,
      name: row.name,
      description: row.description,
      updated_at: row.updatedAt.toISOString(),
      translated_content: (row.translatedContent ?? {}) as Translations,
      articles: articles
        .filter((article) => article.collectionId === row.id)
        .map((article) => ({
          id: article.id,
          slug: article.slug,
          collection_id: article.collectionId,
          position: article.position,
          title: article.title,
          description: article.description,
          body: sanitizeArticleBody(article.body),
          updated_at: article.updatedAt.toISOString(),
          translated_content: sanitizeTranslations(article.translatedContent),
        })),
    }));
    const countValue = total?.value ?? 0;
    return {
      data,
      pages: {
        per_page: query.per_page,
        page: query.page,
        total_pages: Math.max(1, Math.ceil(countValue / query.per_page)),
      },
      count: countValue,
    };
  }

  return { collectionsWithArticles };
}
