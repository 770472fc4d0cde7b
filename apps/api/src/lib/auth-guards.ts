// Authorization for every module (spec §6). `request.user` is set from the bearer token by the auth
// module's onRequest hook; these preHandlers only decide.
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

/** preHandler: 401 unless signed in. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
}

/**
 * preHandler: 401 unless signed in, 403 unless holding one of the profiles. With no profiles any
 * signed-in user passes; a superuser always passes.
 */
export function requireProfile(...profiles: Profile[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED');
    if (!hasAnyProfile({ attributes: request.user.attributes, is_superuser: request.user.isSuperuser }, profiles)) {
      throw new AppError('FORBIDDEN');
    }
  };
}

/** The signed-in user, for handlers behind requireAuth/requireProfile. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
