// What the logs must never hold: passwords and their hashes, tokens (and links that carry them), IBANs,
// document numbers, the values of a failed database statement, query strings. Redaction by field name
// covers objects passed to the logger; the serializers cover what hides inside errors and requests.
import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/** Names of fields whose value is a secret or personal data, wherever they appear (one level down). */
const SECRET_FIELDS = [
  'password',
  'password_confirm',
  'old_password',
  'new_password',
  'new_password1',
  'new_password2',
  'passwordHash',
  'password_hash',
  'hash',
  'tokenHash',
  'token_hash',
  'token',
  'refresh',
  'access',
  'secret',
  'iban',
  'document_number',
  'documentNumber',
];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.query',
  'req.params',
  'req.body',
  // A failed statement's values (drizzle and node-postgres keep them on the error).
  'err.params',
  'err.parameters',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((name) => `*.${name}`),
];

interface QueryErrorLike extends Error {
  params?: unknown;
  cause?: unknown;
}

const isErrorLike = (value: unknown): value is QueryErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

/**
 * A copy of the error (and its causes) without the values of a failed statement: drizzle puts them in
 * the message ("Failed query: … params: a,b,$argon2id$…") as well as in a property.
 */
function withoutStatementValues(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error) || depth > 8) return error;
  const cause = error.cause === undefined ? undefined : withoutStatementValues(error.cause, depth + 1);
  const hasValues = Array.isArray(error.params);
  if (!hasValues && cause === error.cause) return error;
  const copy = Object.create(Object.getPrototypeOf(error)) as QueryErrorLike & Record<string, unknown>;
  Object.assign(copy, error);
  const leaked = hasValues ? `params: ${String(error.params)}` : null;
  const scrub = (text: string | undefined) => (text && leaked ? text.split(leaked).join('params: [redacted]') : text);
  copy.message = scrub(error.message) ?? '';
  copy.stack = scrub(error.stack);
  if (hasValues) copy.params = '[redacted]';
  if (cause !== undefined) copy.cause = cause;
  return copy;
}

/** A request as the logs show it: the route pattern, never the URL (paths and queries carry tokens). */
function safeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    route: request.routeOptions?.url ?? null,
    remoteAddress: request.ip,
  };
}

export const LOG_SERIALIZERS = {
  err: (error: unknown) => pino.stdSerializers.err(withoutStatementValues(error) as Error),
  req: safeRequest,
};
