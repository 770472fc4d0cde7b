import { loginSchema, passwordChangeSchema, registrationSchema } from '@lombard/shared/schemas/auth';
import { identitySchema } from '@lombard/shared/schemas/profile';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueMessage, trimValues, zodValidate } from './zod-form';

// Through Vite's glob import: the JSON catalogue is not part of the TypeScript project.
const [en] = Object.values(
  import.meta.glob<Record<string, string>>('../../locales/en/validation.json', { eager: true, import: 'default' }),
);

let t: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', resources: { en: { validation: en ?? {} } } });
  t = instance.t;
});

describe('trimValues', () => {
  it('trims text, nested objects and arrays, but never passwords', () => {
    expect(
      trimValues({
        email: '  a@b.it ',
        password: ' secret ',
        new_password1: ' x ',
        address: { city: ' Roma ' },
        tags: [' a '],
      }),
    ).toEqual({ email: 'a@b.it', password: ' secret ', new_password1: ' x ', address: { city: 'Roma' }, tags: ['a'] });
  });

  it('leaves non-text values alone', () => {
    expect(trimValues({ rememberMe: true, n: 3, none: null })).toEqual({ rememberMe: true, n: 3, none: null });
  });
});

describe('zodValidate', () => {
  it('translates the schema keys with their limits, one message per field', () => {
    const errors = zodValidate(
      passwordChangeSchema,
      t,
    )({ old_password: '', new_password1: 'short', new_password2: 'other' });
    expect(errors).toEqual({
      old_password: 'Value is required.',
      new_password1: 'This field should be at least 8 characters long.',
      new_password2: "Passwords don't match.",
    });
  });

  it('reports a malformed e-mail and missing consents on registration', () => {
    const errors = zodValidate(
      registrationSchema,
      t,
    )({
      email: 'not-an-email',
      password: 'Long-enough-1',
      password_confirm: 'Long-enough-1',
      first_name: '  ',
      last_name: 'Rossi',
      language: 'it',
      accept_terms: false,
      accept_privacy: true,
    });
    expect(errors).toEqual({
      email: 'Value is not a valid email address.',
      first_name: 'Value is required.',
      accept_terms: 'Value is required.',
    });
  });

  it('validates trimmed values, so surrounding spaces are not an error', () => {
    expect(zodValidate(loginSchema, t)({ email: '  user@example.com  ', password: 'x', rememberMe: false })).toEqual(
      {},
    );
  });

  it('maps zod messages that are not keys to the validation texts', () => {
    const schema = z.object({ code: z.string().max(5), n: z.number().max(2) });
    const result = schema.safeParse({ code: 'toolong', n: 9 });
    if (result.success) throw new Error('expected failure');
    expect(result.error.issues.map((issue) => issueMessage(issue, t))).toEqual([
      'The maximum length allowed is 5.',
      'The maximum value allowed is 2.',
    ]);
  });
});

describe('profile messages', () => {
  const identity = {
    first_name: 'Mario',
    last_name: 'Rossi',
    birth_date: '1985-04-12',
    birth_place: 'Roma',
    sex: 'F',
    tax_code: 'RSSMRA85D12H501L',
    politically_exposed: false,
  };

  it('names, in words, which entry the tax code disagrees with', () => {
    expect(zodValidate(identitySchema, t)(identity)).toEqual({
      tax_code: 'The tax code does not match the sex you entered.',
    });
    expect(zodValidate(identitySchema, t)({ ...identity, sex: 'M', birth_date: '1985-04-13' })).toEqual({
      tax_code: 'The tax code does not match the date of birth you entered.',
    });
    expect(zodValidate(identitySchema, t)({ ...identity, sex: 'M' })).toEqual({});
  });
});

// Every message key the shared schemas can produce, read from their source: the web must be able to say
// each one in both languages, or a form would show the raw key.
const sharedSources = import.meta.glob<string>('../../../../../packages/shared/src/**/*.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const webCatalogues = import.meta.glob<Record<string, unknown>>('../../locales/*/validation.json', {
  eager: true,
  import: 'default',
});

describe('validation catalogues', () => {
  const keys = new Set(
    Object.entries(sharedSources)
      .filter(([file]) => !file.endsWith('.test.ts'))
      .flatMap(([, source]) => [...source.matchAll(/'validation:([A-Za-z.]+)'/g)].map((m) => m[1] as string)),
  );

  it('finds the shared keys', () => {
    expect(keys).toContain('taxCodeMismatch');
    expect(keys).toContain('fileTooLarge');
  });

  for (const [file, catalogue] of Object.entries(webCatalogues)) {
    it(`${file} has every key the shared schemas use`, () => {
      expect([...keys].filter((key) => typeof catalogue[key] !== 'string')).toEqual([]);
      expect(Object.keys(catalogue.taxCodeParts as object).sort()).toEqual([
        'birth_date',
        'first_name',
        'last_name',
        'sex',
      ]);
    });
  }
});
