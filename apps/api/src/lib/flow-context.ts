// What every flow that acts for a signed-in person (money orders, advances, stock plans) needs to know
// about the request it serves: when (the app's clock and the bank's calendar day), who acts, and in which
// language messages are written; and the handler of a request that moves money.
import type { Language } from '@lombard/shared/locale';
import { calendarDate } from '@lombard/shared/money/business-days';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from '../db/client';
import { currentUser } from './auth-guards';
import type { FileStorage } from './files/storage';
import type { Translate } from './i18n';
import { replyIdempotent } from './idempotency/idempotency';

export interface FlowContext {
  now: Date;
  /** The bank's calendar day of `now` (YYYY-MM-DD). */
  today: string;
  language: Language;
  t: Translate;
  actor: { id: number; email: string };
  requestId?: string;
  ip?: string;
  publicUrl: string;
  supportEmail: string;
  /** Where the flow's documents (signed orders, contracts) are stored. */
  files: FileStorage;
}

export function flowContext(request: FastifyRequest): FlowContext {
  const now = request.server.clock();
  const user = currentUser(request);
  return {
    now,
    today: calendarDate(now),
    language: request.language,
    t: request.t,
    actor: { id: user.id, email: user.email },
    requestId: request.id,
    ip: request.ip,
    publicUrl: request.server.config.publicUrl,
    supportEmail: request.server.config.supportEmail,
    files: request.server.files,
  };
}

/**
 * The handler of a request that moves money, a customer's or an operator's: once per Idempotency-Key, in
 * one transaction with its ledger entries, answered with `status`.
 */
export const movingMoney =
  <T>(status: number, work: (tx: Transaction, context: FlowContext, request: FastifyRequest) => Promise<T>) =>
  (request: FastifyRequest, reply: FastifyReply) => {
    const context = flowContext(request);
    return replyIdempotent(request, reply, context.actor.id, async (tx) => ({
      status,
      body: await work(tx, context, request),
    }));
  };
