import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { supportArticles, supportCollections } from '../db/schema/support';
import { SUPPORT_CONTENT } from './support-content';

/**
 * Help-centre collections and articles; an article without an `en` entry is shown in Italian only.
 * Idempotent per item: a collection or article already present (by slug) is left as an operator left it,
 * and articles added to the seed later are inserted into existing collections.
 */
export async function seedSupport(db: Queryable) {
  for (const [position, collection] of SUPPORT_CONTENT.entries()) {
    await db
      .insert(supportCollections)
      .values({
        slug: collection.slug,
        icon: collection.icon,
        position,
        name: collection.it.name,
        description: collection.it.description,
        translatedContent: { it: collection.it, ...(collection.en ? { en: collection.en } : {}) },
      })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: supportCollections.id })
      .from(supportCollections)
      .where(eq(supportCollections.slug, collection.slug));
    if (!row) continue;
    await db
      .insert(supportArticles)
      .values(
        collection.articles.map((article, index) => ({
          collectionId: row.id,
          slug: article.slug,
          position: index,
          title: article.it.title,
          description: article.it.description,
          body: article.it.body,
          translatedContent: { it: article.it, ...(article.en ? { en: article.en } : {}) },
        })),
      )
      .onConflictDoNothing();
  }
}
