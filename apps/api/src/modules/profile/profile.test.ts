import { computeTaxCode } from '@lombard/shared/codice-fiscale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { delivered, deliveredCode } from '../../test/outbox';

let t: TestApp;
let now = new Date('2026-03-02T09:00:00Z');
const person = { first_name: 'Marta', last_name: 'Galli', birth_date: '1990-04-12', sex: 'F' as const };
let marta: Session;
let martaId: number;
let other: Session;

/** Sessions that read the answers in English. */
const inEnglish = (s: Session) => ({ ...s, headers: { ...s.headers, 'accept-language': 'en' } }) as Session;
const json = (res: { body: string }) => JSON.parse(res.body);
const put = (s: Session, tab: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/profile/${tab}/`, headers: s.headers, payload });

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  const user = await createUser(t.app, { email: 'marta@example.test', firstName: 'Marta', lastName: 'Galli' });
  martaId = user.id;
  marta = inEnglish(await loginAs(t.app, user.email));
  await createUser(t.app, { email: 'other@example.test' });
  other = inEnglish(await loginAs(t.app, 'other@example.test'));
});
afterAll(() => t.close());

describe('identity', () => {
  const identity = {
    ...person,
    birth_place: 'Parma',
    tax_code: computeTaxCode(person, 'G337'),
    politically_exposed: false,
  };

  it('refuses a minor, a bad tax code and one that is not the person', async () => {
    const minor = await put(marta, 'identity', { ...identity, birth_date: '2015-01-01' });
    expect(minor.statusCode).toBe(400);
    expect(json(minor).birth_date).toEqual(['You must be at least 18 years old.']);
    const bad = await put(marta, 'identity', { ...identity, tax_code: 'GLLMRT90D52G33X' });
    expect(json(bad).tax_code).toEqual([
      'The tax code is not valid: check that it has 16 characters and no typing errors.',
    ]);
    const wrongCheck = identity.tax_code.slice(0, 15) + (identity.tax_code.endsWith('A') ? 'B' : 'A');
    expect(json(await put(marta, 'identity', { ...identity, tax_code: wrongCheck })).tax_code).toHaveLength(1);
    const mismatch = await put(marta, 'identity', { ...identity, sex: 'M' });
    expect(json(mismatch).tax_code).toEqual([
      'The tax code does not match the first name, last name, sex or birth date entered.',
    ]);
  });

  it('saves a valid identity and submits the step', async () => {
    const res = await put(marta, 'identity', identity);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.tax_code).toBe(identity.tax_code);
    expect(body.progress.steps.find((s: { step: string }) => s.step === 'identity').status).toBe('submitted');
  });
});

describe('citizenship', () => {
  const citizenship = { citizenships: ['IT'], tax_residence: 'IT', us_green_card: false, us_presence_days: 0 };

  it.each([
    ['US citizenship', { citizenships: ['IT', 'US'] }],
    ['a green card', { us_green_card: true }],
    ['183 days in the US', { us_presence_days: 183 }],
  ])('stops a US person (%s) and saves nothing', async (_, change) => {
    const res = await put(other, 'citizenship', { ...citizenship, ...change });
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('US_PERSON_NOT_ELIGIBLE');
    expect(json(res).detail).toContain('FATCA');
    const profile = json(await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: other.headers }));
    expect(profile.citizenship).toBeNull();
    expect(profile.progress.steps[0]).toMatchObject({ step: 'citizenship', status: 'todo' });
  });

  it('accepts 182 days and refuses an unknown country or a repeated citizenship', async () => {
    expect((await put(marta, 'citizenship', { ...citizenship, us_presence_days: 182 })).statusCode).toBe(200);
    expect(json(await put(marta, 'citizenship', { ...citizenship, tax_residence: 'XX' })).tax_residence).toEqual([
      'Choose a country from the list.',
    ]);
    expect(json(await put(marta, 'citizenship', { ...citizenship, citizenships: ['IT', 'IT'] })).citizenships).toEqual([
      'Each citizenship can be listed only once.',
    ]);
  });

  it('refuses more days in the United States than a year has, and saves nothing', async () => {
    const res = await put(marta, 'citizenship', { ...citizenship, us_presence_days: 400 });
    expect(res.statusCode).toBe(400);
    expect(json(res).us_presence_days).toEqual(['Enter a number of days between 0 and 366.']);
  });
});

describe('addresses, occupation and bank account', () => {
  const residence = { country: 'IT', province: 'PR', city: 'Parma', post_code: '43121', street: 'Via Farini 5' };

  it('checks the Italian CAP and province, and the domicile when it differs', async () => {
    const res = await put(marta, 'addresses', { residence: { ...residence, post_code: '4312', province: 'ZZ' } });
    expect(json(res)['residence.post_code']).toEqual(['Enter a valid post code (5 digits for Italy).']);
    expect(json(res)['residence.province']).toEqual(['Choose a province from the list.']);
    expect(json(await put(marta, 'addresses', { residence, domicile_differs: true })).domicile).toEqual([
      'Value is required.',
    ]);
    const foreign = { country: 'FR', province: '', city: 'Paris', post_code: '75001', street: 'Rue de Rivoli 1' };
    expect((await put(marta, 'addresses', { residence, domicile_differs: true, domicile: foreign })).statusCode).toBe(
      200,
    );
  });

  it('asks for the employer of an employee', async () => {
    const occupation = {
      occupation: 'employee',
      sector: 'healthcare',
      income_band: 'band_2',
      source_of_funds: 'salary',
    };
    expect(json(await put(marta, 'occupation', occupation)).employer_name).toEqual([
      'Choose a partner company or type the name of your employer.',
    ]);
    expect((await put(marta, 'occupation', { ...occupation, employer_name: 'Ospedale Maggiore' })).statusCode).toBe(
      200,
    );
    // A partner company is named by id, from the list the form offers; the saved tab carries its name.
    const employers = await t.app.inject({ method: 'GET', url: '/api/v1/profile/employers/', headers: marta.headers });
    expect(employers.statusCode).toBe(200);
    const partner = json(employers)[0] as { id: number; name: string; slug: string };
    expect(partner.name).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/public/partners/${partner.slug}/` })).statusCode).toBe(
      200,
    );
    const picked = await put(marta, 'occupation', { ...occupation, employer_partner_id: partner.id });
    expect(json(picked).data).toMatchObject({ employer_partner_id: partner.id, employer_partner_name: partner.name });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile/employers/' })).statusCode).toBe(401);
  });

  it('validates the IBAN, names the bank and wants the account holder', async () => {
    const bad = await put(marta, 'bank-account', { iban: 'IT60X0542811101000000123457', holder_name: 'Marta Galli' });
    expect(json(bad).iban).toEqual(['IBAN is not valid.']);
    const stranger = await put(marta, 'bank-account', {
      iban: 'IT60X0542811101000000123456',
      holder_name: 'Mario Rossi',
    });
    expect(json(stranger).holder_name).toEqual(['The name of the account holder must match the account name.']);
    const ok = await put(marta, 'bank-account', {
      iban: 'IT41 S030 6909 6061 0000 0012 345',
      holder_name: 'GALLI marta',
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data).toMatchObject({ iban: 'IT41S0306909606100000012345', bank_name: 'Intesa Sanpaolo' });
  });
});

describe('phone verification', () => {
  const send = (s: Session, phone = '+39 333 123 4567') =>
    t.app.inject({ method: 'POST', url: '/api/v1/profile/phone-number/', headers: s.headers, payload: { phone } });
  const verify = (s: Session, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/phone-number/verify/',
      headers: s.headers,
      payload: { code },
    });
  const lastCode = (phone: string) => deliveredCode(t.app, phone, 'phone_verification');

  it('refuses a number that is not a phone', async () => {
    expect(json(await send(marta, '12')).phone).toEqual([
      'Enter a valid phone number in international format, e.g. +39 333 123 4567.',
    ]);
  });

  it('verifies with the SMS code and approves the step', async () => {
    expect((await send(marta)).statusCode).toBe(200);
    const code = await lastCode('+393331234567');
    const wrong = await verify(marta, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).detail).toBe('The code is not correct. You have 4 attempts left.');
    const res = await verify(marta, code);
    expect(res.statusCode).toBe(200);
    expect(json(res).detail).toBe('Phone verified');
    expect(json(res).data).toEqual({ phone: '+393331234567', verified: true });
    expect(json(res).progress.steps.find((s: { step: string }) => s.step === 'phone-number').status).toBe('approved');
  });

  it('sends one code when asked for it many times at once, and that code verifies', async () => {
    now = new Date('2026-03-02T09:00:00Z');
    // A first number (replacing a verified one is confirmed first: contact-change.test.ts).
    await createUser(t.app, { email: 'many@example.test' });
    const many = inEnglish(await loginAs(t.app, 'many@example.test'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(many, '+39 347 222 3333')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const sent = await delivered(t.app, '+393472223333', 'phone_verification');
    expect(sent).toHaveLength(1);
    expect((await verify(many, await lastCode('+393472223333'))).statusCode).toBe(200);
  });

  it('stops after 5 wrong codes, refuses an expired code, and sends at most 3 codes an hour', async () => {
    now = new Date('2026-03-03T09:00:00Z');
    await send(other, '+39 347 000 1111');
    const code = await lastCode('+393470001111');
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i++) expect((await verify(other, wrong)).statusCode).toBe(400);
    const fifth = await verify(other, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(json(fifth).detail).toBe(
      'The code is not correct and that was the last attempt for this code. Ask for a new code.',
    );
    expect((await verify(other, code)).statusCode).toBe(429);

    await send(other, '+39 347 000 1111');
    const fresh = await lastCode('+393470001111');
    now = new Date(now.getTime() + 10 * 60 * 1000 + 1000);
    expect(json(await verify(other, fresh)).code).toBe('ONE_TIME_CODE_EXPIRED');

    expect((await send(other, '+39 347 000 1111')).statusCode).toBe(200);
    // Pressed again at once, the third code is answered again (not a fourth send); a minute later, refused.
    expect((await send(other, '+39 347 000 1111')).statusCode).toBe(200);
    now = new Date(now.getTime() + 59 * 1000);
    const fourth = await send(other, '+39 347 000 1111');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBe(String(49 * 60));
    expect(json(fourth).detail).toBe(
      'You have asked for the most codes allowed in an hour. You can ask for a new code in 49 minutes.',
    );
    now = new Date(now.getTime() + 60 * 60 * 1000);
    expect((await send(other, '+39 347 000 1111')).statusCode).toBe(200);
  });
});

describe('referral, settings and reference data', () => {
  it('gives the code, the link and who joined', async () => {
    const ref = json(await t.app.inject({ method: 'GET', url: '/api/v1/profile/referral/', headers: marta.headers }));
    expect(ref.link).toContain(`/auth/register-account/?ref=${ref.code}`);
    expect(ref.joined_count).toBe(0);
  });

  it('keeps the preferences and the language', async () => {
    const settings = {
      language: 'it',
      theme: 'dark',
      notifications: { email_product_news: true, email_account_activity: false, sms_security: true },
    };
    const url = '/api/v1/profile/settings/';
    expect((await t.app.inject({ method: 'PUT', url, headers: marta.headers, payload: settings })).statusCode).toBe(
      200,
    );
    expect(json(await t.app.inject({ method: 'GET', url, headers: marta.headers }))).toEqual(settings);
  });

  it('lists 107 provinces and localized countries', async () => {
    const provinces = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/profile/provinces/', headers: marta.headers }),
    );
    expect(provinces).toHaveLength(107);
    const countries = await t.app.inject({
      method: 'GET',
      url: '/api/v1/profile/countries/',
      headers: { authorization: marta.headers.authorization, 'accept-language': 'it' },
    });
    expect(json(countries).find((c: { code: string }) => c.code === 'DE').name).toBe('Germania');
  });

  it('shows each person only their own data', async () => {
    const mine = json(await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: other.headers }));
    expect(mine.identity).toBeNull();
    expect(martaId).toBeGreaterThan(0);
  });
});
