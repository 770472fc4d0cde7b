// What an Italian code message costs: one GSM 7-bit SMS, even with an amount formatted for Italy (its
// no-break space) and the euro sign; a character outside the alphabet makes it UCS-2.
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../format';
import { translator } from '../i18n';
import { DATA_CODING, smsBody } from './sms-text';

describe('SMS text', () => {
  it('sends the Italian order-signing code, with its amount, as one GSM 7-bit SMS', () => {
    const text = translator('it')('signing:orderCodeSms', {
      code: '123456',
      product: 'Obbligazionario Euro Protetto 2031',
      amount: formatMoney('6000.00', 'it'),
    });
    expect(text).toContain('\u00a0€');
    const body = smsBody(text);
    expect(body.data_coding).toBe(DATA_CODING.gsm7);
    expect(body.message_payload).toBeUndefined();
    expect(body.short_message.toString()).toContain('6.000,00 ');
  });

  it('sends the Italian phone-verification code as one GSM 7-bit SMS', () => {
    const body = smsBody(translator('it')('profile:phoneCodeSms', { code: '654321' }));
    expect(body.data_coding).toBe(DATA_CODING.gsm7);
    expect(body.message_payload).toBeUndefined();
  });

  it('falls back to UCS-2 for a character outside the GSM alphabet', () => {
    expect(smsBody('È il tuo codice: 123456').data_coding).toBe(DATA_CODING.ucs2);
  });
});
