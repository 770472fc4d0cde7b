// Contract of the generic resource calls beyond the list response and bulk selection in common.ts:
// the export answer and the error body a download may carry inside a blob.
import { z } from 'zod';

/** PATCH {api}/export-xlsx/ → 202 with this detail; the file arrives later as a notification. */
export const exportAcceptedSchema = z.object({ detail: z.string() });
export type ExportAccepted = z.infer<typeof exportAcceptedSchema>;

/** A user's finished export (GET /api/v1/exports/). */
export const exportItemSchema = z.object({
  id: z.number().int(),
  resource: z.string(),
  file_name: z.string(),
  row_count: z.number().int(),
  created_at: z.string(),
});
export type ExportItem = z.infer<typeof exportItemSchema>;
