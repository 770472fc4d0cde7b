// The SECCI and the contract draw in both languages, from the shared quote, across pages for 40 instalments.
import { LANGUAGES } from '@lombard/shared/locale';
import { quoteAdvance } from '@lombard/shared/money/advance-calculator';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildContract, buildSecci } from './documents';

const terms = {
  customerName: 'Giulia Bianchi',
  date: '2026-11-24',
  quote: quoteAdvance({ amount: '250000.00', instalments: 40, startDate: '2026-11-24' }),
  collateral: [
    {
      key: 'stock-plan:1',
      kind: 'stock_plan' as const,
      label: 'Vela Robotics – Piano RSU 2023 con un nome molto lungo da accorciare',
      units: '1200.000000',
      unit_price: '18.400000',
      value: '22080.00',
      loan_to_value: '0.3000',
      contribution: '6624.00',
      pledged: true,
    },
  ],
  supportEmail: 'support@lombard.test',
  payoutHours: 48,
};

describe('advance documents', () => {
  it.each(LANGUAGES)('draw the SECCI and the contract in %s, the same bytes for the same terms', async (language) => {
    const secci = await buildSecci(language, terms);
    expect((await PDFDocument.load(secci)).getPageCount()).toBeGreaterThan(1);
    expect(Buffer.from(await buildSecci(language, terms)).equals(Buffer.from(secci))).toBe(true);
    const contract = await buildContract(language, 7, terms);
    const loaded = await PDFDocument.load(contract);
    expect(loaded.getPageCount()).toBeGreaterThan((await PDFDocument.load(secci)).getPageCount() - 1);
    expect(loaded.getTitle()).toMatch(/7$/);
  });
});
