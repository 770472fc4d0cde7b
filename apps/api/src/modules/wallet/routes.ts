// GET /api/v1/wallet/, /api/v1/cash/, /api/v1/cash/movements/, /api/v1/home/summary/: the customer's money
// at a glance.

import { calendarDate } from '@lombard/shared/money/business-days';
import { netWorthSchema } from '@lombard/shared/schemas/borrow-or-sell';
import {
  cashStatementQuerySchema,
  cashStatementSchema,
  cashSummarySchema,
  homeSummarySchema,
  walletSchema,
} from '@lombard/shared/schemas/wallet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { currentUser, requireProfile } from '../../lib/auth-guards';
import { keptJson, sendJson } from '../../lib/read-cache';
import { cashStatement } from './cash-statement';
import { netWorth } from './net-worth';
import { cashSummary, homeSummary, wallet } from './service';

const investors = requireProfile('lead', 'customer', 'admin');
const cashUsers = requireProfile('customer', 'admin');

export const walletModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  app.get(
    '/api/v1/wallet/',
    { onRequest: investors, schema: { tags: ['wallet'], summary: 'Positions', response: { 200: walletSchema } } },
    async (request, reply) => {
      const { id } = currentUser(request);
      const now = app.clock();
      // Valued per calendar day: holding periods end on a date.
      const key = `wallet:${calendarDate(now)}`;
      return sendJson(request, reply, await keptJson(app.readCache, id, key, walletSchema, () => wallet(db, id, now)));
    },
  );
  app.get(
    '/api/v1/wallet/net-worth/',
    {
      onRequest: cashUsers,
      schema: {
        tags: ['wallet'],
        summary: 'Net worth with the advance as a debt: today, monthly over the last year, after a forced sale',
        response: { 200: netWorthSchema },
      },
    },
    async (request) => netWorth(db, currentUser(request).id, app.clock(), request.t),
  );
  app.get(
    '/api/v1/cash/',
    { onRequest: cashUsers, schema: { tags: ['wallet'], summary: 'Cash', response: { 200: cashSummarySchema } } },
    async (request) => cashSummary(db, currentUser(request).id),
  );
  app.get(
    '/api/v1/cash/movements/',
    {
      onRequest: cashUsers,
      schema: {
        tags: ['wallet'],
        summary: 'Cash statement: every ledger line on the cash in a period',
        querystring: cashStatementQuerySchema,
        response: { 200: cashStatementSchema },
      },
    },
    async (request) =>
      cashStatement(db, currentUser(request).id, request.query as { from?: string; to?: string }, request.t),
  );
  app.get(
    '/api/v1/home/summary/',
    {
      onRequest: investors,
      schema: { tags: ['wallet'], summary: 'Home page totals', response: { 200: homeSummarySchema } },
    },
    async (request) => homeSummary(db, currentUser(request).id, app.clock(), request.t),
  );
});
