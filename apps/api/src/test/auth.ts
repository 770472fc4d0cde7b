// Helpers for API tests of every module: create a ready-to-use user through the account service and
// sign in through the real token call.
import type { Language } from '@lombard/shared/locale';
import type { Profile } from '@lombard/shared/permissions';
import type { TokenPair } from '@lombard/shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import { createActiveUser } from '../modules/account/service';
import { DEMO_PASSWORD } from '../seed/accounts';

/** Password of users made by `createUser` (and of the demo accounts), so `loginAs` needs no password. */
export const TEST_PASSWORD = DEMO_PASSWORD;

export interface TestUserInput {
  email: string;
  password?: string;
  attributes?: Profile[];
  firstName?: string;
  lastName?: string;
  language?: Language;
  isSuperuser?: boolean;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/** An activated user with the given profiles (default `base`), ready to sign in. */
export async function createUser(app: FastifyInstance, input: TestUserInput): Promise<TestUser> {
  const password = input.password ?? TEST_PASSWORD;
  const row = await createActiveUser(app.database.db, {
    email: input.email,
    password,
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? 'User',
    language: input.language ?? 'en',
    attributes: input.attributes ?? ['base'],
    isSuperuser: input.isSuperuser ?? false,
  });
  return { id: row.id, email: row.email, password };
}

export interface Session extends TokenPair {
  headers: { authorization: string };
}

/** Signs in through POST /api/account/token/auth/; throws with the answer when refused. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password: string = TEST_PASSWORD,
  options: { rememberMe?: boolean } = {},
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/token/auth/',
    payload: { email, password, rememberMe: options.rememberMe ?? false },
  });
  if (res.statusCode !== 200) throw new Error(`loginAs(${email}) failed: ${res.statusCode} ${res.body}`);
  const pair = res.json() as TokenPair;
  return { ...pair, headers: { authorization: `Bearer ${pair.access}` } };
}
