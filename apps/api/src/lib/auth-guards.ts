// Authorization for every module, by profile. `request.user` is set from the bearer token by the auth
// module's onRequest hook; these guards only decide. Routes attach them as `onRequest` hooks, so that an
// anonymous caller gets 401 before its body is read or validated (a bad body from a stranger is not
// worth a 400 that describes the form). plugins/route-guards.ts refuses a guard attached later than
// that, runs guards after the rate limit, and marks guarded routes in the OpenAPI document.
import type { Language } from '@lombard/shared/locale';
import { hasAnyProfile, type Profile } from '@lombard/shared/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface AuthUser {
  id: number;
  email: string;
  attributes: Profile[];
  isSuperuser: boolean;
  language: Language;
  /** The sign-in (session family) the access token belongs to, when authenticated by a token. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const GUARDS = new WeakSet<Guard>();
const guard = (check: Guard): Guard => {
  GUARDS.add(check);
  return check;
};

/** Whether a hook is one of the guards below (route-guards.ts checks where routes attach them). */
export const isAuthGuard = (hook: unknown): boolean => typeof hook === 'function' && GUARDS.has(hook as Guard);

/** onRequest: 401 unless signed in. */
export const requireAuth = guard(async (request) => {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
});

/**
 * onRequest: 401 unless signed in, 403 unless holding one of the profiles. With no profiles any
 * signed-in user passes; a superuser always passes.
 */
export function requireProfile(...profiles: Profile[]): Guard {
  return guard(async (request) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED');
    if (!hasAnyProfile({ attributes: request.user.attributes, is_superuser: request.user.isSuperuser }, profiles)) {
      throw new AppError('FORBIDDEN');
    }
  });
}

/** The signed-in user, for handlers behind requireAuth/requireProfile. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** The OpenAPI part of a signed-in person's route: its tags, a summary, the bearer token, and the rest. */
export const signedInSchema =
  (tags: string[]) =>
  <T extends object>(summary: string, extra: T) => ({ tags, summary, security: [{ bearerAuth: [] }], ...extra });
