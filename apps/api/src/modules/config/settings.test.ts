// The operator settings through HTTP: who may read and change them, every bad document refused with its
// field and nothing changed, a change audited and served at once (configuration, quotes), a rate schedule
// taking effect on its day, and an advance already requested keeping its rate.
import { advanceQuoteUrl } from '@lombard/shared/advance-search';
import { globalConfigSchema } from '@lombard/shared/schemas/config';
import type { OperatorSettings } from '@lombard/shared/schemas/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';

const PATH = '/api/v1/backoffice/settings/';
let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const settings = async (): Promise<OperatorSettings> => (await f.get(f.admin, PATH)).json();
const save = (body: unknown) =>
  f.t.app.inject({ method: 'PUT', url: PATH, headers: f.admin.headers, payload: body as object });
const globalConfig = async () =>
  globalConfigSchema.parse((await f.t.app.inject({ method: 'GET', url: '/api/get-global-config/' })).json());

describe('the operator settings', () => {
  it('are read and changed by operators only', async () => {
    const customer = await f.investor();
    expect((await f.get(customer.session, PATH)).statusCode).toBe(403);
    expect((await f.t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    const current = await settings();
    const refused = await f.t.app.inject({
      method: 'PUT',
      url: PATH,
      headers: customer.session.headers,
      payload: current,
    });
    expect(refused.statusCode).toBe(403);
    expect(current).toMatchObject({
      minimum_advance_amount: '5000.00',
      bank_maximum_advance_amount: '500000.00',
      advance_payout_hours: 48,
      partner_bank: { iban: 'IT85W0306909606100000063251' },
    });
    expect(current.rate_schedules[0]!.bands.map((band) => band.annual_rate)).toEqual(['0.0490', '0.0440', '0.0390']);
  });

  it('refuse a bad document field by field, in the reader’s language, and keep what was there', async () => {
    const before = await settings();
    const [schedule] = before.rate_schedules;
    const bad = {
      ...before,
      minimum_advance_amount: '600000',
      rate_schedules: [
        {
          ...schedule,
          bands: [
            { from: '100.00', annual_rate: '0.9' },
            { from: '50.00', annual_rate: '0.04' },
          ],
        },
      ],
      partner_bank: { ...before.partner_bank, iban: 'IT00X0000000000000000000000', beneficiary: ' ' },
      social_links: [{ network: 'linkedin', url: 'javascript:alert(1)' }],
    };
    const res = await f.t.app.inject({
      method: 'PUT',
      url: PATH,
      headers: { ...f.admin.headers, 'accept-language': 'it' },
      payload: bad,
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json();
    expect(Object.keys(fields).sort()).toEqual(
      [
        'minimum_advance_amount',
        'partner_bank.beneficiary',
        'partner_bank.iban',
        'rate_schedules.0.bands.0.annual_rate',
        'rate_schedules.0.bands.0.from',
        'rate_schedules.0.bands.1.from',
        'social_links.0.url',
      ].sort(),
    );
    expect(fields.minimum_advance_amount[0]).toMatch(/massimo/i);
    const control = await save({ ...before, partner_bank: { ...before.partner_bank, beneficiary: 'Lombard\u0007' } });
    expect(control.statusCode).toBe(400);
    expect(Object.keys(control.json())).toEqual(['partner_bank.beneficiary']);
    expect(await settings()).toEqual(before);
  });

  it('a change is audited, served at once in the configuration and prices new quotes; a requested advance keeps its rate', async () => {
    const requested = await activeAdvance(f, { until: 'requested' });
    const before = await settings();
    const next: OperatorSettings = {
      ...before,
      minimum_advance_amount: '7500.00',
      advance_payout_hours: 72,
      rate_schedules: [
        ...before.rate_schedules,
        {
          valid_from: '2020-06-01',
          bands: [
            { from: '0.00', annual_rate: '0.0600' },
            { from: '100000.00', annual_rate: '0.0500' },
          ],
        },
      ],
    };
    const res = await save(next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(next);

    const config = await globalConfig();
    expect(config.minimum_advance_amount).toBe('7500.00');
    expect(config.advance_payout_hours).toBe(72);
    expect(config.advance_rate_bands.valid_from).toBe('2020-06-01');

    const borrower = requested.investor;
    const quote = (await f.get(borrower.session, advanceQuoteUrl({ amount: '10000', instalments: 4 }))).json();
    expect(quote).toMatchObject({ annual_rate: '0.0600', quarterly_interest: '150.00' });
    const low = (await f.get(borrower.session, advanceQuoteUrl({ amount: '6000', instalments: 4 }))).json();
    expect(low.messages.amount.text).toBe('Minimum advance amount is €7,500.00.');

    const advance = (await f.get(borrower.session, `/api/v1/advances/${requested.id}/`)).json();
    expect(advance.annual_rate).toBe('0.0490');
    expect(advance.instalments[0].interest).toBe('245.00');

    const audit = (await f.get(f.admin, '/api/v1/backoffice/audit-log/?object_type=settings')).json();
    expect(audit.count).toBe(1);
    const entry = (await f.get(f.admin, `/api/v1/backoffice/audit-log/${audit.results[0].id}/`)).json();
    expect(entry).toMatchObject({
      actor_email: 'admin@demo.lombard.test',
      action: 'update',
      before: { minimum_advance_amount: '5000.00', advance_payout_hours: 48 },
      after: { minimum_advance_amount: '7500.00', advance_payout_hours: 72 },
    });
    expect(Object.keys(entry.after).sort()).toEqual([
      'advance_payout_hours',
      'minimum_advance_amount',
      'rate_schedules',
    ]);

    // Saving the same document again changes nothing and records nothing.
    expect((await save(next)).statusCode).toBe(200);
    expect((await f.get(f.admin, '/api/v1/backoffice/audit-log/?object_type=settings')).json().count).toBe(1);
    expect((await save(before)).statusCode).toBe(200);
  });

  it('a rate schedule dated in the future prices nothing before its day', async () => {
    const before = await settings();
    const who = (await activeAdvance(f, { until: 'requested' })).investor;
    const future = {
      ...before,
      rate_schedules: [
        ...before.rate_schedules,
        { valid_from: '2999-01-01', bands: [{ from: '0.00', annual_rate: '0.0100' }] },
      ],
    };
    expect((await save(future)).statusCode).toBe(200);
    const quote = (await f.get(who.session, advanceQuoteUrl({ amount: '10000', instalments: 4 }))).json();
    expect(quote.annual_rate).toBe('0.0490');
    expect((await globalConfig()).advance_rate_bands.bands[0]!.annual_rate).toBe('0.0490');
    expect((await save(before)).statusCode).toBe(200);
  });
});
