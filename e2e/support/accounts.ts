// Accounts of the browser tests: a person registered and activated through the API and the outbox, so
// that a test that needs a plain `base` user does not depend on the demo one (another test promotes it).
import { type APIRequestContext, expect } from '@playwright/test';
import { linkIn, outboxMessage } from './landing';

export const NEW_USER_PASSWORD = 'Lombard-e2e-2026!';

let counter = 0;

/** A newly registered, activated `base` user; returns their e-mail (the password is NEW_USER_PASSWORD). */
export async function registeredUser(
  request: APIRequestContext,
  label: string,
  person: { first: string; last: string; language?: 'it' | 'en' } = { first: 'Elena', last: 'Ferri' },
): Promise<string> {
  counter += 1;
  const email = `e2e-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
  const registered = await request.post('/api/account/registration/', {
    data: {
      email,
      password: NEW_USER_PASSWORD,
      password_confirm: NEW_USER_PASSWORD,
      first_name: person.first,
      last_name: person.last,
      language: person.language ?? 'it',
      accept_terms: true,
      accept_privacy: true,
    },
  });
  expect(registered.ok()).toBe(true);
  const message = await outboxMessage(email, 'account_activation');
  const [, uidAndToken] = new URL(linkIn(message)).pathname.split('/user-account-activation/');
  expect((await request.get(`/api/account/activate-user/${uidAndToken}`)).ok()).toBe(true);
  return email;
}
