// What a resource declaration says. One declaration yields the standard endpoints (list, detail,
// writes, enable/disable, export-xlsx, download_document_file) with paging, sorting, filters, scope
// and permissions applied the same way everywhere.
import type { Language } from '@lombard/shared/locale';
import type { Profile } from '@lombard/shared/permissions';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { SelectedFields } from 'drizzle-orm/pg-core/query-builders/select.types';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { z } from 'zod';
import type { Transaction } from '../../db/client';
import type { AuthUser } from '../auth-guards';
import type { Translate } from '../i18n';

/**
 * Field types decide which filters a field accepts:
 * - id, integer, amount: exact, `__in`, `__gte`, `__lte`
 * - date, datetime: exact (the whole day for datetimes), `__gte`, `__lte`
 * - text: exact, `__in`, `__icontains`
 * - enum: exact, `__in` (values checked against `values`)
 * - boolean: exact, with True/False
 * - tags (a text[] column): exact = contains the value, `__in` = contains any of them
 */
export type FieldType = 'id' | 'integer' | 'amount' | 'date' | 'datetime' | 'text' | 'enum' | 'boolean' | 'tags';

export interface FieldSpec {
  /** The column or SQL expression the field reads. */
  expr: SQLWrapper;
  type: FieldType;
  sortable?: boolean;
  filterable?: boolean;
  /** Allowed values of an enum or tags field. */
  values?: readonly (string | number)[];
}

/** The caller, as a resource sees it (a request or a background job acting for a user). */
export interface ResourceContext {
  user: AuthUser;
  language: Language;
  t: Translate;
  requestId?: string;
  ip?: string;
}

export type ExportCellType = 'text' | 'integer' | 'amount' | 'date' | 'datetime' | 'boolean';

/** Declared as a method so that a column of a specific row type fits the generic declaration. */
type CellValue<TRow> = { read(row: TRow, context: ResourceContext): unknown }['read'];

export interface ExportColumn<TRow> {
  /** Column header: an i18n key, translated in the requester's language. */
  header: string;
  type: ExportCellType;
  /** The cell value: a key of the row, or a function (for translated labels, joined names…). */
  value: string | CellValue<TRow>;
  width?: number;
}

export type IdType = 'integer' | 'uuid' | 'text';

/**
 * A declaration, typed by its selection (`TRow` is the row it selects) and by the schemas of the items it
 * answers with. The kit itself sees every declaration as `AnyResource`, whose rows are plain records.
 */
export interface ResourceDeclaration<
  TSelection extends SelectedFields = SelectedFields,
  TItem extends z.ZodType = z.ZodType,
  TDetail extends z.ZodType = TItem,
  TRow = SelectResultFields<TSelection>,
> {
  /** Stable name: audit object type, export job key. E.g. `backoffice.users`. */
  name: string;
  /** Base path with trailing slash, e.g. `/api/v1/backoffice/users/`. */
  path: string;
  /** Tags and summary in the OpenAPI document. */
  docs?: { tag: string; summary: string };
  /** Profiles allowed; omitted → any signed-in user. */
  profiles?: Profile[];
  from: PgTable;
  /** Joins onto `from` (left joins for display columns). */
  joins?: (query: PgSelect) => PgSelect;
  select: TSelection;
  /** The expression identifying a row, and how ids in paths and bulk selections are parsed. */
  id: SQLWrapper;
  idType?: IdType;
  /**
   * The rows this caller may see. Required so that forgetting it is a type error: a customer's resource
   * returns e.g. `eq(table.userId, context.user.id)`; a back-office resource returns `undefined` (all rows).
   */
  scope(context: ResourceContext): SQL | undefined;
  fields: Record<string, FieldSpec>;
  /** Expressions searched (case-insensitive, substring) by the `search` filter. */
  search?: SQLWrapper[];
  /** Default order, e.g. ['-created_at']; the id is always the final tie-breaker. */
  defaultOrder?: string[];
  /** The list item's schema (packages/shared): `serialize` must produce it. */
  item: TItem;
  serialize(row: TRow, context: ResourceContext): z.output<TItem>;
  /** The detail's schema when it differs from the list item. */
  detailItem?: TDetail;
  serializeDetail?(row: TRow, context: ResourceContext): z.output<TDetail>;
  /**
   * The module serves `GET {path}{id}/` itself (a detail page that reads more than the row, e.g. an
   * advance with its schedule and timeline); the kit then registers the list and the rest only.
   */
  ownDetailRoute?: boolean;
  /** Record writes in the audit log; default: on for resources that need the admin profile. */
  audit?: boolean;
  /**
   * The caller's own rows, whose every change the database announces for their owner (migration 0012):
   * list pages are kept in the read cache (lib/read-cache.ts) until the caller's data changes.
   */
  keptPerUser?: boolean;

  create?: {
    body: z.ZodType;
    run(tx: Transaction, body: unknown, context: ResourceContext): Promise<string | number>;
  };
  update?: {
    /** Body of PUT; PATCH accepts any subset of it unless `partialBody` is given. */
    body: z.ZodObject;
    partialBody?: z.ZodType;
    run(tx: Transaction, id: string | number, body: unknown, context: ResourceContext, before: TRow): Promise<void>;
  };
  remove?: {
    run(tx: Transaction, id: string | number, context: ResourceContext, before: TRow): Promise<void>;
  };
  /** Enables PATCH {id}/enable/ and {id}/disable/. */
  status?: {
    /** The 0/1 status in the selection. */
    /**
     * The key of the row holding it. A plain string: typed as `keyof` the row, a declaration would no
     * longer fit the kit's view of every resource (`AnyResource`).
     */
    field: string;
    /** Sets the status (default: updates `column`). */
    run?(tx: Transaction, id: string | number, status: 0 | 1, context: ResourceContext): Promise<void>;
    column?: PgColumn;
    /** i18n keys of the status names; default resource:status.enabled / resource:status.disabled. */
    labels?: { 0: string; 1: string };
  };
  /** Extra item actions: `{method} {path}{id}/{name}/`. */
  actions?: Array<{
    name: string;
    method: 'PATCH' | 'POST';
    body?: z.ZodType;
    run(tx: Transaction, id: string | number, body: unknown, context: ResourceContext, before: TRow): Promise<unknown>;
  }>;
  /** Enables GET {id}/download_document_file: the stored file of a row. */
  download?: { fileId(row: TRow): number | null | undefined };
  /** Enables PATCH export-xlsx/. */
  export?: {
    /** i18n key of the sheet title and file name prefix. */
    title: string;
    columns: ExportColumn<TRow>[];
  };
}

export type AnyResource = ResourceDeclaration<SelectedFields, z.ZodType, z.ZodType, Record<string, unknown>>;
export type RowOf<T extends AnyResource> = T extends ResourceDeclaration<infer S> ? SelectResultFields<S> : never;

/** Identity helper that keeps the row type of `select` flowing into serializers and handlers. */
export function defineResource<
  TSelection extends SelectedFields,
  TItem extends z.ZodType,
  TDetail extends z.ZodType = TItem,
>(declaration: ResourceDeclaration<TSelection, TItem, TDetail>): ResourceDeclaration<TSelection, TItem, TDetail> {
  return declaration;
}
