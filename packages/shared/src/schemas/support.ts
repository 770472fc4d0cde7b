import { z } from 'zod';
import { SUPPORT_LIST_PER_PAGE } from '../constants';
import { text } from './text';

/** Fields a translation of a collection may overlay. */
export const supportCollectionTranslationSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
});

/** Fields a translation of an article may overlay; `body` is sanitised HTML. */
export const supportArticleTranslationSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  body: z.string().optional(),
});

export const supportArticleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  collection_id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  body: z.string(),
  updated_at: z.string(),
  /** Keyed by short language code (it, en); an article shows in a language only when translated. */
  translated_content: z.record(z.string(), supportArticleTranslationSchema),
});
export type SupportArticle = z.infer<typeof supportArticleSchema>;

export const supportCollectionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  icon: z.string(),
  position: z.number().int(),
  name: z.string(),
  description: z.string(),
  updated_at: z.string(),
  translated_content: z.record(z.string(), supportCollectionTranslationSchema),
  articles: z.array(supportArticleSchema),
});
export type SupportCollection = z.infer<typeof supportCollectionSchema>;

/** GET /api/v1/intercom/collections/with-articles/: every collection with its articles. */
export const supportCollectionsResponseSchema = z.object({
  data: z.array(supportCollectionSchema),
  pages: z.object({ per_page: z.number().int(), page: z.number().int(), total_pages: z.number().int() }),
  count: z.number().int(),
});
export type SupportCollectionsResponse = z.infer<typeof supportCollectionsResponseSchema>;

export const SUPPORT_ORDERINGS = ['position', '-position', 'name', '-name', 'updated_at', '-updated_at'] as const;

export const supportCollectionsQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(SUPPORT_LIST_PER_PAGE),
  page: z.coerce.number().int().min(1).default(1),
  order_by__: z.enum(SUPPORT_ORDERINGS).default('position'),
  /** Filter: one collection by slug. */
  slug: text().max(100).optional(),
});
export type SupportCollectionsQuery = z.infer<typeof supportCollectionsQuerySchema>;
