// Where the outbox dispatcher hands a message over: a file in DATA_DIR/outbox (development, tests, the
// demo), an SMTP server (SMTP_URL) or an SMSC over SMPP (SMS_URL, lib/sms/smpp-client.ts). A transport
// resolves once the other side took the message, with the id it gave it, or throws a DeliveryError that
// says whether trying again can help.
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { outboxMessages } from '../db/schema/outbox';
import { PRIVATE_FILE_MODE, privateFolder } from './files/private-folder';

export type OutboxRow = typeof outboxMessages.$inferSelect;

export interface OutboxTransport {
  /** What the start log says of it: kind and server, never a credential. */
  readonly description: string;
  /** Resolves with the other side's id for the message (what its receipts name), or null. */
  send(message: OutboxRow): Promise<{ providerMessageId: string | null }>;
  close?(): Promise<void>;
}

/** A failed hand-over; `permanent` when trying again cannot help (an address the server refuses for good). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** What the log may say about a recipient: the domain of an address, nothing of a phone number. */
export function recipientDomain(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  return at >= 0 ? recipient.slice(at + 1).toLowerCase() : '(sms)';
}

/** One owner-only file per message, for the developer to read as the person would receive it. */
export function fileTransport(dataDir: string, log: FastifyBaseLogger): OutboxTransport {
  const folder = path.join(dataDir, 'outbox');
  return {
    description: `files in ${folder}`,
    async send(message) {
      await privateFolder(folder);
      const base = `${String(message.id).padStart(6, '0')}-${message.channel}-${message.template}`;
      // Written aside and renamed into place, so that whoever reads the folder never sees half a message.
      const partial = path.join(folder, `.${message.id}.partial`);
      await writeFile(partial, JSON.stringify(message, null, 2), { mode: PRIVATE_FILE_MODE });
      await rename(partial, path.join(folder, `${base}.json`));
      // Never the link, code or address itself: they are secrets (activation, reset) or personal data.
      log.info(
        { id: message.id, toDomain: recipientDomain(message.recipient), template: message.template },
        `outbox: ${message.channel} written`,
      );
      return { providerMessageId: null };
    },
  };
}

/** The SMTP server and port of SMTP_URL, without the user and password it may hold. */
function smtpServer(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return '(SMTP_URL)';
  }
}

/** Real mail through SMTP_URL; short timeouts, so that a server that hangs fails the try, not the dispatcher. */
export function smtpTransport(smtpUrl: string, mailFrom: string): OutboxTransport {
  // Values in the URL's query (?socketTimeout=…) win over these.
  const smtp = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    description: `SMTP ${smtpServer(smtpUrl)}`,
    async send(message) {
      try {
        const info = await smtp.sendMail({
          from: mailFrom,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.text,
          html: message.html ?? undefined,
        });
        return { providerMessageId: info.messageId ?? null };
      } catch (error) {
        // Every refusal is tried again, 5xx too, until the last try: servers answer 550 for a passing
        // policy (a recipient's full mailbox, a blocklist) as often as for a mailbox that does not exist.
        const reply = (error as { response?: string }).response;
        // The server's reply says what is wrong; nodemailer's own message may quote the command sent.
        const text = reply ? `the SMTP server refused: ${reply}` : `SMTP: ${(error as Error).message}`;
        throw new DeliveryError(text);
      }
    },
    async close() {
      smtp.close();
    },
  };
}
