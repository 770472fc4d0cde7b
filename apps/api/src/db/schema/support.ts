import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Help-centre collections and articles. `translated_content` is keyed by short language code and its
 * fields overlay the item; an item shows in a language only when translated.
 */
export const supportCollections = pgTable(
  'support_collections',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    icon: text('icon').notNull().default('help'),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    translatedContent: jsonb('translated_content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('support_collections_slug_unique').on(t.slug)],
);

export const supportArticles = pgTable(
  'support_articles',
  {
    id: serial('id').primaryKey(),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => supportCollections.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Sanitised HTML body. */
    body: text('body').notNull().default(''),
    translatedContent: jsonb('translated_content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_articles_collection_slug_unique').on(t.collectionId, t.slug),
    index('support_articles_collection_idx').on(t.collectionId),
  ],
);
