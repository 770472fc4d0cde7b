// The `:id` of a path (an order's, an advance's, a stock plan's): checked by the route's schema as a
// positive whole number of at most ten digits, then read as a number by the handler. Ids are `integer`
// columns: a larger number names nothing, and is answered not found before it reaches the database (where
// it would be an out-of-range error).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from './errors';

/** The largest value of a PostgreSQL `integer`, the type of every id column. */
const MAX_ID = 2_147_483_647;

export const idParams = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/) });
export function pathId(request: FastifyRequest): number {
  const id = Number((request.params as { id: string }).id);
  if (id > MAX_ID) throw notFound();
  return id;
}
