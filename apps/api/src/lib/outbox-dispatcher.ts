// Delivers the outbox: claims each due message (a lease, so that several processes never send the same
// one at once), hands it to its channel's transport, and records what happened. A failure is tried
// again after 15 s, doubling up to 15 min; an SMS is given up after 6 tries (the last about 8 minutes
// after the first, while its code is still valid), an e-mail after 10 (about an hour). A message given
// up, or refused for good, is `failed` with the reason operators read (back office, Messages); its body
// is dropped then as after a send. SMS delivery receipts (lib/sms) end as `delivered` or `failed`.
// A process that dies between the transport's acceptance and the record sends that message again once its
// lease runs out: delivery is at least once, and exactly once whenever the record is written.
import { and, asc, eq, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';
import {
  DeliveryError,
  fileTransport,
  type OutboxRow,
  type OutboxTransport,
  recipientDomain,
  smtpTransport,
} from './outbox-transports';
import { type DeliveryReceipt, UNDELIVERED_STATS } from './sms/delivery-receipt';

export const MAX_ATTEMPTS = { email: 10, sms: 6 } as const;

/** Wait before try n + 1 after try n failed. */
export function retryDelayMs(attempt: number): number {
  return Math.min(15_000 * 2 ** (attempt - 1), 15 * 60_000);
}

/** Longer than a transport may take on one message (bind, submit and SMTP timeouts are shorter). */
const CLAIM_MS = 120_000;
const BATCH = 50;
const ERROR_LENGTH = 500;

export interface OutboxDispatcherOptions {
  dataDir: string;
  smtpUrl?: string | undefined;
  mailFrom: string;
  log: FastifyBaseLogger;
  /** The SMS transport (SMPP); default: files in DATA_DIR/outbox. */
  sms?: OutboxTransport;
  /** Now, as the app sees it (tests move it to reach a retry). */
  clock?: () => Date;
}

const reasonOf = (error: unknown) =>
  (error instanceof DeliveryError
    ? error.message
    : error instanceof Error
      ? `${error.name}: ${error.message}`
      : String(error)
  ).slice(0, ERROR_LENGTH);

/**
 * Delivers pending messages, oldest first. Safe to call concurrently with itself (one run at a time); a
 * flush resolves once everything queued before it was tried.
 */
export function createOutboxDispatcher(db: Database, options: OutboxDispatcherOptions) {
  const clock = options.clock ?? (() => new Date());
  const { log } = options;
  const files = fileTransport(options.dataDir, log);
  const transports: Record<OutboxRow['channel'], OutboxTransport> = {
    email: options.smtpUrl ? smtpTransport(options.smtpUrl, options.mailFrom) : files,
    sms: options.sms ?? files,
  };
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  /** Takes the oldest due message of a channel still working in this run; other processes skip it. */
  async function claim(skip: OutboxRow['channel'][]): Promise<OutboxRow | null> {
    const now = clock();
    const candidate = db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.status, 'pending'),
          or(isNull(outboxMessages.nextAttemptAt), lte(outboxMessages.nextAttemptAt, now)),
          or(isNull(outboxMessages.claimedUntil), lt(outboxMessages.claimedUntil, now)),
          skip.length > 0 ? notInArray(outboxMessages.channel, skip) : undefined,
        ),
      )
      .orderBy(asc(outboxMessages.id))
      .limit(1)
      .for('update', { skipLocked: true });
    // `= (subquery)` rather than IN: the planner may re-run an IN subquery and claim more than one row.
    const [row] = await db
      .update(outboxMessages)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${outboxMessages.attempts} + 1` })
      .where(sql`${outboxMessages.id} = (${candidate})`)
      .returning();
    return row ?? null;
  }

  async function sent(message: OutboxRow, providerMessageId: string | null) {
    // The body (which may hold a code or a link with a token) is no longer needed.
    await db
      .update(outboxMessages)
      .set({
        status: 'sent',
        sentAt: clock(),
        lastError: null,
        text: '',
        html: null,
        claimedUntil: null,
        nextAttemptAt: null,
        providerMessageId,
      })
      .where(eq(outboxMessages.id, message.id));
  }

  /** Records a failed try; returns whether the message was given up. */
  async function failed(message: OutboxRow, error: unknown): Promise<boolean> {
    const reason = reasonOf(error);
    const final =
      (error instanceof DeliveryError && error.permanent) || message.attempts >= MAX_ATTEMPTS[message.channel];
    await db
      .update(outboxMessages)
      .set(
        final
          ? { status: 'failed', lastError: reason, claimedUntil: null, nextAttemptAt: null, text: '', html: null }
          : {
              lastError: reason,
              claimedUntil: null,
              nextAttemptAt: new Date(clock().getTime() + retryDelayMs(message.attempts)),
            },
      )
      .where(eq(outboxMessages.id, message.id));
    // Never the text (a code, a link) nor the address: a server's reply may quote the recipient.
    log.warn(
      {
        id: message.id,
        channel: message.channel,
        template: message.template,
        toDomain: recipientDomain(message.recipient),
        attempt: message.attempts,
        error: reason.split(message.recipient).join('<recipient>'),
      },
      final ? 'outbox: delivery given up' : 'outbox: delivery failed; will retry',
    );
    return final;
  }

  async function runOnce() {
    // A transport that failed for a passing reason (down, unreachable) is not asked again in this run:
    // the rest of its messages keep their tries for when it is back.
    const resting: OutboxRow['channel'][] = [];
    for (let n = 0; n < BATCH; n++) {
      const message = await claim(resting);
      if (!message) return;
      try {
        const { providerMessageId } = await transports[message.channel].send(message);
        await sent(message, providerMessageId);
      } catch (error) {
        await failed(message, error);
        if (!(error instanceof DeliveryError && error.permanent)) resting.push(message.channel);
      }
    }
  }

  function flush(): Promise<void> {
    if (!running) {
      running = runOnce().finally(() => {
        running = null;
      });
      return running;
    }
    // The run going on may have read its batch before the caller's message was queued: one more run
    // after it, shared by everyone who asks meanwhile, so that a flush delivers what was queued before it.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return flush();
      });
    return next;
  }

  async function applyReceipt(receipt: DeliveryReceipt): Promise<boolean> {
    const status = receipt.stat === 'DELIVRD' ? 'delivered' : UNDELIVERED_STATS.has(receipt.stat) ? 'failed' : null;
    const updated = await db
      .update(outboxMessages)
      .set({
        receiptStatus: receipt.stat,
        receiptAt: clock(),
        ...(status ? { status } : {}),
        ...(status === 'failed'
          ? { lastError: `delivery receipt: ${receipt.stat}${receipt.err ? ` (err ${receipt.err})` : ''}` }
          : {}),
      })
      .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.providerMessageId, receipt.messageId)))
      .returning({ id: outboxMessages.id });
    return updated.length > 0;
  }

  /**
   * Records an SMSC's delivery receipt on its message. A receipt may overtake the record of the send it
   * is about (the SMSC answers the submit, then sends the receipt at once): an unknown id waits for the
   * run in progress and is looked up again.
   */
  async function recordReceipt(receipt: DeliveryReceipt): Promise<void> {
    if (await applyReceipt(receipt)) return;
    await running?.catch(() => undefined);
    if (await applyReceipt(receipt)) return;
    log.warn({ messageId: receipt.messageId, stat: receipt.stat }, 'sms: receipt for a message not in the outbox');
  }

  return {
    flush,
    recordReceipt,
    /** What each channel is delivered by, as the start log says it. */
    describe: () => ({ email: transports.email.description, sms: transports.sms.description }),
    async close() {
      await Promise.all([transports.email.close?.(), transports.sms.close?.()]);
    },
  };
}

export type OutboxDispatcher = ReturnType<typeof createOutboxDispatcher>;
