// Reads of a declared resource: one page with its count, one row, or every row of a selection in
// batches (exports). Counting and paging happen in the database.
import type { ListResponse } from '@lombard/shared/schemas/common';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { filterConditions, notFoundError, orderBy, paging, whereOf } from './params';
import type { AnyResource, ResourceContext } from './types';

type Row = Record<string, unknown>;

function rowsQuery(db: Queryable, resource: AnyResource): PgSelect {
  const query = db.select(resource.select).from(resource.from).$dynamic() as unknown as PgSelect;
  return resource.joins ? resource.joins(query) : query;
}

/** Joins must be to-one (display columns), so the count of the base rows is the count of the list. */
function countQuery(db: Queryable, resource: AnyResource): PgSelect {
  const query = db.select({ count: sql<number>`count(*)::int` }).from(resource.from).$dynamic() as unknown as PgSelect;
  return resource.joins ? resource.joins(query) : query;
}

/** The list's total, carried by the page query itself: a list costs one statement, not two. */
const TOTAL = '__total__';

/**
 * The page's rows, each with the total as an uncorrelated subquery: the database counts once, from the
 * index, instead of building every matching row to count them (a window count over a customer's 10,000
 * transactions joined every one of them to its product before keeping ten).
 */
function pageQuery(db: Queryable, resource: AnyResource, where: SQL | undefined): PgSelect {
  const total = sql<number>`(${countQuery(db, resource).where(where)})`;
  const query = db
    .select({ ...resource.select, [TOTAL]: total })
    .from(resource.from)
    .$dynamic() as unknown as PgSelect;
  return resource.joins ? resource.joins(query) : query;
}

export async function countRows(db: Queryable, resource: AnyResource, where: SQL | undefined): Promise<number> {
  const [row] = (await countQuery(db, resource).where(where)) as Array<{ count: number }>;
  return Number(row?.count ?? 0);
}

/** GET {api}/ — the list response. A page above 1 past the end is a 404 (the client steps back). */
export async function listPage(
  db: Queryable,
  resource: AnyResource,
  context: ResourceContext,
  query: Record<string, unknown>,
): Promise<ListResponse<unknown>> {
  const { page, perPage } = paging(query);
  const order = orderBy(resource, query.order_by__);
  const where = whereOf(resource, context, filterConditions(resource, query));
  const rows = (await pageQuery(db, resource, where)
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage)) as Row[];
  // A page past the end has no row to carry the total: only then is it counted on its own.
  const count = rows.length > 0 ? Number(rows[0]![TOTAL]) : page > 1 ? await countRows(db, resource, where) : 0;
  const pages = Math.max(1, Math.ceil(count / perPage));
  if (page > pages) throw notFoundError();
  return {
    results: rows.map((row) => resource.serialize(row, context)),
    count,
    next: page < pages ? page + 1 : null,
    previous: page > 1 ? page - 1 : null,
    per_page: perPage,
    page,
  };
}

/** One row the caller may see, or null. `lock` takes a row lock for the write that follows. */
export async function findRow(
  db: Queryable,
  resource: AnyResource,
  context: ResourceContext,
  id: string | number,
  options: { lock?: boolean } = {},
): Promise<Row | null> {
  let query = rowsQuery(db, resource)
    .where(whereOf(resource, context, [eq(resource.id, id)]))
    .limit(1);
  if (options.lock) query = query.for('update', { of: resource.from }) as unknown as PgSelect;
  const [row] = (await query) as Row[];
  return row ?? null;
}

/** Every row matching the conditions, in order, a batch at a time (exports of any size). */
export async function* iterateRows(
  db: Queryable,
  resource: AnyResource,
  where: SQL | undefined,
  order: SQL[],
  batchSize = 1000,
): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = (await rowsQuery(db, resource)
      .where(where)
      .orderBy(...order)
      .limit(batchSize)
      .offset(offset)) as Row[];
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}
