// How an SMS's text goes into a submit_sm. Italian needs accents: è é ù ì ò à are in the GSM 03.38
// alphabet, so most messages go as GSM 7-bit (data_coding 0, the SMSC's default alphabet, one octet per
// septet as SMPP carries it), 160 characters in one SMS; a character outside it (È, À, a name in another
// script) makes the whole message UCS-2 (data_coding 8), 70 characters in one SMS. A longer text goes in
// the message_payload TLV instead of short_message, for the SMSC to split and the phone to join: one
// submit_sm, one message_id, one receipt (docs/decisions/028-sms-transport.md).
import smpp from 'smpp';

/** SMPP 3.4 §5.2.19: the SMSC's default alphabet (GSM 03.38 on a GSM network) and UCS-2. */
export const DATA_CODING = { gsm7: 0x00, ucs2: 0x08 } as const;

/** What one SMS holds: 160 GSM septets (an extension character such as € takes two) or 140 octets of UCS-2. */
const ONE_SMS = { gsm7: 160, ucs2: 140 } as const;

export interface SmsBody {
  data_coding: number;
  short_message: Buffer;
  message_payload?: Buffer;
}

/**
 * The text as it is sent: the no-break spaces `Intl` puts in amounts (`6.000,00 €`) are plain spaces, so
 * that an amount alone does not turn the message into UCS-2 and cost twice the parts.
 */
export function smsBody(message: string): SmsBody {
  const text = message.replace(/[\u00a0\u202f]/g, ' ');
  const alphabet = smpp.encodings.ASCII.match(text) ? 'gsm7' : 'ucs2';
  const encoded = alphabet === 'gsm7' ? smpp.encodings.ASCII.encode(text) : smpp.encodings.UCS2.encode(text);
  if (encoded.length <= ONE_SMS[alphabet]) return { data_coding: DATA_CODING[alphabet], short_message: encoded };
  // SMPP 3.4 §5.3.2.32: with message_payload, short_message is empty (sm_length 0).
  return { data_coding: DATA_CODING[alphabet], short_message: Buffer.alloc(0), message_payload: encoded };
}

/** The SMPP address fields of a phone number: international (+39…) or as written. */
export function destination(phone: string) {
  const international = /^\+\d+$/.test(phone);
  return {
    dest_addr_ton: international ? smpp.consts.TON.INTERNATIONAL : smpp.consts.TON.UNKNOWN,
    dest_addr_npi: smpp.consts.NPI.ISDN,
    destination_addr: international ? phone.slice(1) : phone,
  };
}

/** The sender's address fields: a name (alphanumeric), a number, or none (the SMSC puts its own). */
export function source(sender: string) {
  if (sender === '') return { source_addr_ton: 0, source_addr_npi: 0, source_addr: '' };
  if (/^\+\d+$/.test(sender))
    return {
      source_addr_ton: smpp.consts.TON.INTERNATIONAL,
      source_addr_npi: smpp.consts.NPI.ISDN,
      source_addr: sender.slice(1),
    };
  if (/^\d+$/.test(sender))
    return { source_addr_ton: smpp.consts.TON.UNKNOWN, source_addr_npi: smpp.consts.NPI.ISDN, source_addr: sender };
  return { source_addr_ton: smpp.consts.TON.ALPHANUMERIC, source_addr_npi: 0, source_addr: sender };
}
