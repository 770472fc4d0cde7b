import type { Database } from '../client';
import { supportArticles, supportCollections } from '../schema/support';
import { SUPPORT_CONTENT } from './support-content';

/** Help-centre collections and articles; an article without an `en` entry is shown in Italian only. */
export async function seedSupport(db: Database) {
  for (const [position, collection] of SUPPORT_CONTENT.entries()) {
    const [row] = await db
      .insert(supportCollections)
      .values({
        slug: collection.slug,
        icon: collection.icon,
        position,
        name: collection.it.name,
        description: collection.it.description,
        translatedContent: { it: collection.it, ...(collection.en ? { en: collection.en } : {}) },
      })
      .onConflictDoNothing()
      .returning({ id: supportCollections.id });
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
