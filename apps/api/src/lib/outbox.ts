// The outbox: every e-mail and SMS is a row written in the same transaction as the change that caused
// it; a dispatcher delivers pending rows afterwards (outbox-dispatcher.ts, started by plugins/outbox.ts).
// Default transport, for development: one file per message in DATA_DIR/outbox, owner-only (the log says
// only that it was written); SMTP_URL sends real mail, SMS_URL real SMS (outbox-transports.ts).
// Codes and links with a token are secrets: they are only ever in the message's body, never in `meta`,
// and the body is kept only until the message is sent or given up. The row keeps who, what template,
// when, and what became of it.
import { ONE_TIME_CODE_LENGTH } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';

export interface OutgoingEmail {
  to: string;
  template: string;
  language: Language;
  subject: string;
  text: string;
  html: string;
  /** What operators may see of the message (ids, status); never a code or a link with a token. */
  meta?: Record<string, unknown>;
}

export interface OutgoingSms {
  to: string;
  template: string;
  language: Language;
  text: string;
  meta?: Record<string, unknown>;
}

export async function queueEmail(db: Queryable, email: OutgoingEmail): Promise<number> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: 'email',
      recipient: email.to,
      template: email.template,
      language: email.language,
      subject: email.subject,
      text: email.text,
      html: email.html,
      meta: email.meta ?? {},
    })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

export async function queueSms(db: Queryable, sms: OutgoingSms): Promise<number> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: 'sms',
      recipient: sms.to,
      template: sms.template,
      language: sms.language,
      text: sms.text,
      meta: sms.meta ?? {},
    })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

/** Newest messages to a recipient, optionally of one template (tests, operator tools); delivered ones have no body. */
export async function messagesTo(db: Queryable, recipient: string, template?: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(
      template
        ? and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.template, template))
        : eq(outboxMessages.recipient, recipient),
    )
    .orderBy(desc(outboxMessages.id));
}

/** The one-time code an SMS carries (seeding and tests read it from the message, as the person would). */
export function codeInText(text: string): string | null {
  return new RegExp(`\\b\\d{${ONE_TIME_CODE_LENGTH}}\\b`).exec(text)?.[0] ?? null;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * One layout for every e-mail: a greeting, paragraphs, an optional button, a footer. Returns the plain
 * text and HTML parts; values are escaped.
 */
export function renderEmail(content: {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}): { text: string; html: string } {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '—',
    content.footer,
  ].join('\n');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0b3d91;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><p style="font-size:20px;font-weight:700;color:#0b3d91">Lombard</p><p>${escapeHtml(content.greeting)}</p>${content.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('')}${button}<hr style="border:none;border-top:1px solid #dde1ea;margin:24px 0"><p style="font-size:12px;color:#555">${escapeHtml(content.footer)}</p></div></body></html>`;
  return { text, html };
}
