import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../errors';

/** Every typed error code the API can answer with (the client branches on these, never on text). */
export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** Error body the client reads: `{detail}` or field lists with optional non_field_errors. */
export const errorBodySchema = z.union([
  z.object({ detail: z.string(), code: errorCodeSchema.optional(), correlation_id: z.string().optional() }),
  z.record(z.string(), z.array(z.string())),
]);
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const detailSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailSchema>;

/** What enable/disable answers: the item's id, its new status and that status's translated name. */
export const statusItemSchema = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.union([z.literal(0), z.literal(1)]),
  status_name: z.string(),
});
export type StatusItem = z.infer<typeof statusItemSchema>;

/** List response: one page of results, the total count, the neighbouring page numbers, page size and page. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    count: z.number().int(),
    next: z.number().int().nullable(),
    previous: z.number().int().nullable(),
    per_page: z.number().int(),
    page: z.number().int(),
  });
}
export type ListResponse<T> = {
  results: T[];
  count: number;
  next: number | null;
  previous: number | null;
  per_page: number;
  page: number;
};

/** An IANA time zone this runtime knows ("Europe/Rome", "UTC"). */
export const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** Bulk selection: the selected ids, or select-all mode's excluded ids, with the list's filters. */
export const bulkSelectionSchema = z.object({
  filtered_ids: z.array(z.union([z.number(), z.string()])).optional(),
  excluded_ids: z.array(z.union([z.number(), z.string()])).optional(),
  filters: z.record(z.string(), z.unknown()).optional(),
  /** The reader's time zone: an export writes its file name and every time in it, and says which. */
  time_zone: z.string().max(64).refine(isTimeZone, 'validation:timeZone').optional(),
});
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

/** Money crosses the wire as a decimal string with two decimals. */
export const moneySchema = z.string().regex(/^-?\d+(\.\d{1,2})?$/);
