// @vitest-environment node
// The advertising duties in the HTML the server sends (decision 037): each public page with a rate or a
// cost of an advance (the home with its calculator, a partner's page) carries the warning and the
// representative example, whose figures are the shared calculator's at the configured price list, in
// Italian and in English, before any script runs.
import { quoteAdvance } from '@lombard/shared/money/advance-calculator';
import { representativeExample } from '@lombard/shared/money/quote-limits';
import type { ApiHandler } from '@lombard/shared/server-rendering';
import { describe, expect, it } from 'vitest';
import { createRenderer } from './server-entry';

const TODAY = new Date().toISOString().slice(0, 10);
// A price list of the operator's, not the published one: the example must follow it.
const BANDS = [
  { from: '0.00', annualRate: '0.0560' },
  { from: '40000.00', annualRate: '0.0510' },
];
const example = representativeExample(BANDS, { minimum: '5000.00', maximum: '500000.00' }, TODAY);
const CONFIG = {
  social_links: [],
  newsletter_settings: {},
  minimum_advance_amount: '5000.00',
  bank_maximum_advance_amount: '500000.00',
  advance_rate_bands: {
    valid_from: '2020-01-01',
    bands: BANDS.map((b) => ({ from: b.from, annual_rate: b.annualRate })),
  },
  advance_payout_hours: 48,
  representative_example: {
    amount: example.amount,
    instalments: example.instalments,
    annual_rate: example.annualRate,
    apr: example.apr,
    quarterly_interest: example.quarterlyInterest,
    total_interest: example.totalInterest,
    total_repayable: example.totalRepayable,
  },
  advance_usury_threshold: { category: 'other_loans', quarter: '2026-Q4', threshold_apr: '0.170400' },
};
const PARTNER = {
  slug: 'vela-robotics',
  name: 'Vela Robotics',
  logo_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>',
  brand_color: '#1e3a8a',
  loan_to_value: '0.4000',
  headline: 'Your Vela Robotics RSUs are worth something today',
  offer: 'An advance of up to 40% of your vested units.',
  translated_content: {},
};

const api: ApiHandler = async ({ url }) => {
  let body: unknown = {};
  if (url.startsWith('/api/get-global-config/')) body = CONFIG;
  else if (url.startsWith('/api/v1/public/partners/vela-robotics/')) body = PARTNER;
  else if (url.startsWith('/api/v1/public/products/')) body = { count: 0, results: [] };
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
};
const render = createRenderer(api);

async function page(url: string, language: 'it' | 'en') {
  const result = await render({ url, cookies: '', acceptLanguage: language, clientAddress: '10.0.0.1' });
  expect(result.kind).toBe('page');
  if (result.kind !== 'page') throw new Error('not a page');
  // Text as a reader sees it: tags out, entities and Intl's narrow spaces as plain characters.
  return result.html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ');
}

const money = (value: string, locale: string) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    useGrouping: 'always',
    minimumFractionDigits: 2,
  })
    .format(value as unknown as number)
    .replace(/[\u00a0\u202f]/g, ' ');
const percent = (value: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(value as unknown as number)
    .replace(/[\u00a0\u202f]/g, ' ');

describe.each([
  {
    language: 'it' as const,
    locale: 'it-IT',
    warning: 'Attenzione: prendere in prestito denaro costa',
    title: 'Esempio rappresentativo',
  },
  { language: 'en' as const, locale: 'en-GB', warning: 'Borrowing money costs money', title: 'Representative example' },
])('the server-rendered public pages in $language', ({ language, locale, warning, title }) => {
  // The calculator's own quote of the example's terms at the configured bands.
  const quote = quoteAdvance({ amount: '50000.00', instalments: 8, startDate: TODAY }, BANDS);

  it.each(['/home/', '/l/vela-robotics/'])('%s carries the warning and the calculator’s example', async (url) => {
    const text = await page(url, language);
    expect(text).toContain(warning);
    expect(text).toContain(title);
    for (const figure of [
      money(quote.amount, locale),
      percent(quote.annualRate, locale),
      percent(quote.apr, locale),
      money(quote.quarterlyInterest, locale),
      money(quote.totalInterest, locale),
      money(quote.totalRepayable, locale),
    ]) {
      expect(text).toContain(figure);
    }
    // 5.10 % on 50,000: 637.50 a quarter, 55,100.00 in all.
    expect(quote).toMatchObject({ annualRate: '0.0510', quarterlyInterest: '637.50', totalRepayable: '55100.00' });
  });
});
