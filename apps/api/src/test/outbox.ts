// What the outbox delivered, as a person receives it: tests deliver the queued messages through the
// development transport (one owner-only file per message in DATA_DIR/outbox) and read the link or code in
// the text, as the recipient would. The database keeps no code or link (lib/outbox.ts).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { codeInText } from '../lib/outbox';

export interface DeliveredMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  template: string;
  subject: string | null;
  text: string;
  html: string | null;
  meta: Record<string, unknown>;
}

/** Delivers what is queued, then the messages written to a recipient (of one template), newest first. */
export async function delivered(app: FastifyInstance, recipient: string, template?: string) {
  await app.outbox.flush();
  const folder = path.join(app.config.dataDir, 'outbox');
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) =>
    template ? name.endsWith(`-${template}.json`) : name.endsWith('.json'),
  );
  const messages: DeliveredMessage[] = [];
  for (const name of names.sort().reverse()) {
    const message = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as DeliveredMessage;
    if (message.recipient === recipient) messages.push(message);
  }
  return messages;
}

/** Delivers what is queued, then every message written so far, newest first. */
export async function deliveredToAnyone(app: FastifyInstance): Promise<DeliveredMessage[]> {
  await app.outbox.flush();
  const folder = path.join(app.config.dataDir, 'outbox');
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
  return Promise.all(
    names
      .sort()
      .reverse()
      .map(async (name) => JSON.parse(await readFile(path.join(folder, name), 'utf8')) as DeliveredMessage),
  );
}

/** The link of an e-mail's button: the last address in its text (the button's, written under it). */
export function linkIn(message: Pick<DeliveredMessage, 'text'>): string {
  const links = message.text.match(/https?:\/\/\S+/g);
  if (!links) throw new Error(`no link in the message: ${message.text}`);
  return links[links.length - 1]!;
}

/** The one-time code of an SMS. */
export function codeIn(message: Pick<DeliveredMessage, 'text'>): string {
  const code = codeInText(message.text);
  if (!code) throw new Error(`no code in the message: ${message.text}`);
  return code;
}

/** The link of the newest e-mail of a template to a recipient. */
export async function deliveredLink(app: FastifyInstance, recipient: string, template: string): Promise<string> {
  const [message] = await delivered(app, recipient, template);
  if (!message) throw new Error(`no ${template} e-mail to ${recipient}`);
  return linkIn(message);
}

/** The code of the newest SMS of a template to a phone number. */
export async function deliveredCode(app: FastifyInstance, phone: string, template: string): Promise<string> {
  const [message] = await delivered(app, phone, template);
  if (!message) throw new Error(`no ${template} SMS to ${phone}`);
  return codeIn(message);
}
