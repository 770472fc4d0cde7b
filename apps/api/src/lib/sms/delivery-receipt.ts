// A delivery receipt is a deliver_sm from the SMSC whose esm_class says so (SMPP 3.4 §5.2.12, bits 2–5 =
// 0001). Which message it is about and what became of it are in the receipted_message_id and
// message_state TLVs when the SMSC sends them, otherwise only in the text, in the format of the
// specification's appendix B: "id:… sub:… dlvrd:… submit date:… done date:… stat:DELIVRD err:… text:…".

import type { PDU } from 'smpp';
import smpp from 'smpp';

export interface DeliveryReceipt {
  messageId: string;
  /** DELIVRD, EXPIRED, DELETED, UNDELIV, ACCEPTD, UNKNOWN, REJECTD or ENROUTE. */
  stat: string;
  /** The network's error code, when the text has one. */
  err: string | null;
}

const RECEIPT_TYPE_MASK = 0x3c;

/** The appendix's seven-letter stat of each message_state (§5.2.28). */
const STAT_OF_STATE: Record<number, string> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};

/** Stats after which the phone will never get the message. */
export const UNDELIVERED_STATS = new Set(['EXPIRED', 'DELETED', 'UNDELIV', 'UNKNOWN', 'REJECTD']);

export function isDeliveryReceipt(pdu: PDU): boolean {
  return (Number(pdu.esm_class ?? 0) & RECEIPT_TYPE_MASK) === smpp.consts.ESM_CLASS.MC_DELIVERY_RECEIPT;
}

function textOf(pdu: PDU): string {
  const field = pdu.message_payload ?? pdu.short_message;
  if (typeof field === 'string') return field;
  if (Buffer.isBuffer(field)) return field.toString('latin1');
  const message = (field as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string') return message;
  return Buffer.isBuffer(message) ? message.toString('latin1') : '';
}

/** The receipt a deliver_sm carries, or null when it is not one (a message from a phone). */
export function deliveryReceiptOf(pdu: PDU): DeliveryReceipt | null {
  if (!isDeliveryReceipt(pdu)) return null;
  const text = textOf(pdu);
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S+)`, 'i').exec(text)?.[1] ?? null;
  const tlvId = typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id : null;
  const messageId = tlvId || field('id');
  const state = typeof pdu.message_state === 'number' ? STAT_OF_STATE[pdu.message_state] : undefined;
  const stat = (state ?? field('stat'))?.toUpperCase();
  if (!messageId || !stat) return null;
  return { messageId, stat, err: field('err') };
}
