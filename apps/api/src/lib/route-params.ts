// The `:id` of a path (an order's, an advance's, a stock plan's): checked by the route's schema as a
// positive whole number of at most ten digits, then read as a number by the handler.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const idParams = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/) });
export const pathId = (request: FastifyRequest) => Number((request.params as { id: string }).id);
