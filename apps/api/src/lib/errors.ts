// Typed application errors and the one place that maps them to an HTTP status and a translated body
// in the shape the client reads: {"detail": "…"} or {"field": ["…"], "non_field_errors": ["…"]}.
import { ERROR_STATUS, type ErrorCode } from '@lombard/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client';
import { languageOfRequest, type Translate, translator } from './i18n';

type Params = Record<string, string | number>;

/** A field-level message: an i18n key with its interpolation values. */
export interface FieldMessage {
  key: string;
  params?: Params;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** i18n key of the detail message; defaults to `errors:<code>`. */
  readonly messageKey: string;
  readonly params: Params | undefined;
  readonly fields: Record<string, FieldMessage[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      status?: number;
      messageKey?: string;
      params?: Params;
      fields?: Record<string, FieldMessage[]>;
      headers?: Record<string, string>;
      /** What went wrong underneath (logged with the error, never sent). */
      cause?: unknown;
    } = {},
  ) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code] ?? 400;
    this.messageKey = options.messageKey ?? `errors:${code}`;
    this.params = options.params;
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

/** How long a client waits before trying again while the database cannot be reached (503). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer to a request the database could not serve (unreachable, or its connection dropped). */
export const serviceUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', { headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } });

/** How long a client waits before trying again while the file store cannot be reached (503). */
const FILE_STORE_RETRY_AFTER_SECONDS = 10;

/** The answer to a request whose file the store could not take or give (unreachable, refusing, timing out). */
export const fileStoreUnavailable = (cause: unknown) =>
  new AppError('FILE_STORE_UNAVAILABLE', {
    headers: { 'retry-after': String(FILE_STORE_RETRY_AFTER_SECONDS) },
    cause,
  });

/** How long a client waits before trying again while the limits' shared counters cannot be reached. */
export const LIMITS_RETRY_AFTER_SECONDS = 30;

/**
 * The answer to a request whose limit could not be counted (Redis unreachable) where letting it through
 * uncounted would open the door to guessing or flooding: sign-in, registration, code sends, messages.
 */
export const limitsUnavailable = () =>
  new AppError('LIMITS_UNAVAILABLE', {
    params: { seconds: LIMITS_RETRY_AFTER_SECONDS },
    headers: { 'retry-after': String(LIMITS_RETRY_AFTER_SECONDS) },
  });

export const notFound = () => new AppError('NOT_FOUND');
export const forbidden = () => new AppError('FORBIDDEN');

/** A 400 naming fields, e.g. `fieldError({ email: 'validation:email' })`. */
export function fieldError(fields: Record<string, string | FieldMessage | Array<string | FieldMessage>>): AppError {
  const normalised: Record<string, FieldMessage[]> = {};
  for (const [field, value] of Object.entries(fields)) {
    const list = Array.isArray(value) ? value : [value];
    normalised[field] = list.map((item) => (typeof item === 'string' ? { key: item } : item));
  }
  return new AppError('VALIDATION_FAILED', { fields: normalised });
}

export interface ZodLikeIssue {
  code?: string;
  message?: string;
  path?: Array<string | number>;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  input?: unknown;
  keys?: string[];
}

/** One zod issue as a message key with its values. Shared schemas carry i18n keys; zod's own codes map to the product's form messages (required, too short, too long). */
export function issueMessage(issue: ZodLikeIssue): FieldMessage {
  const message = issue.message ?? '';
  if (/^[a-z]+:[A-Za-z.]+$/.test(message)) {
    return { key: message, params: { min: Number(issue.minimum ?? 0), max: Number(issue.maximum ?? 0) } };
  }
  const isString = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined || issue.input === null ? 'validation:required' : 'validation:invalid' };
    case 'too_small':
      if (isString && Number(issue.minimum) === 1) return { key: 'validation:required' };
      return { key: isString ? 'validation:minLength' : 'validation:min', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return { key: isString ? 'validation:maxLength' : 'validation:max', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { key: message.toLowerCase().includes('email') ? 'validation:email' : 'validation:invalid' };
    case 'unrecognized_keys':
      return { key: 'validation:unknownField' };
    default:
      return { key: 'validation:invalid' };
  }
}

/** Translates one zod issue. */
export function translateIssue(issue: ZodLikeIssue, t: Translate): string {
  const { key, params } = issueMessage(issue);
  return t(key, params);
}

/**
 * A 400 from zod issues (forms parsed in a handler, e.g. the text fields of a multipart upload), plus
 * messages the handler found itself; the first message of a field is enough.
 */
export function validationFailed(issues: ZodLikeIssue[], extra: Record<string, FieldMessage[]> = {}): AppError {
  const fields: Record<string, FieldMessage[]> = { ...extra };
  for (const issue of issues) {
    const name = issue.path && issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    fields[name] ??= [];
    if (fields[name].length === 0) fields[name].push(issueMessage(issue));
  }
  return new AppError('VALIDATION_FAILED', { fields });
}

/** Field lists from zod issues: `{ "email": ["…"], "non_field_errors": ["…"] }`. */
export function issuesToFields(issues: ZodLikeIssue[], t: Translate): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of issues) {
    const names =
      issue.code === 'unrecognized_keys' && issue.keys?.length
        ? issue.keys.map((key) => [...(issue.path ?? []), key].join('.'))
        : [issue.path && issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors'];
    for (const name of names) {
      body[name] ??= [];
      const text = translateIssue(issue, t);
      if (!body[name].includes(text)) body[name].push(text);
    }
  }
  return body;
}

function render(error: AppError, t: Translate): Record<string, unknown> {
  if (error.fields) {
    const body: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.fields)) {
      body[field] = messages.map((m) => t(m.key, m.params));
    }
    return body;
  }
  return { detail: t(error.messageKey, error.params), code: error.code };
}

function fromFastifyError(error: FastifyError): AppError | null {
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_BAD_URL') return new AppError('BAD_URL');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new AppError('URL_TOO_LONG');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE');
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return new AppError('BAD_REQUEST', { messageKey: 'errors:INVALID_JSON' });
  if (error instanceof SyntaxError) return new AppError('BAD_REQUEST', { messageKey: 'errors:INVALID_JSON' });
  if (status === 429) {
    const seconds = Number(/(\d+)\s*second/.exec(error.message)?.[1] ?? 60);
    return new AppError('RATE_LIMITED', { params: { seconds } });
  }
  if (status === 404) return new AppError('NOT_FOUND');
  if (status === 405) return new AppError('METHOD_NOT_ALLOWED');
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST', { status });
  return null;
}

/**
 * Every failure's answer. Also Fastify's `frameworkErrors` (app.ts): the router refuses an address it
 * cannot decode before any route, hook or error handler of the app is involved.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Not through the request's decorations: a request the router refused is Fastify's own, without them.
  const language = languageOfRequest(request);
  const t = translator(language);
  // An error's detail is in the request's language, even on a route whose answers hold none.
  reply.header('content-language', language);
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The type provider flattens each zod issue into {keyword, instancePath, message, params}.
    const issues = error.validation.map(
      (v): ZodLikeIssue => ({
        ...(v.params as Omit<ZodLikeIssue, 'code' | 'message' | 'path'>),
        code: v.keyword,
        message: v.message ?? '',
        path: v.instancePath.split('/').filter(Boolean),
      }),
    );
    return reply.status(400).send(issuesToFields(issues, t));
  }
  // A database that cannot be reached is neither the request's fault nor a defect: the maintenance
  // answer, until it is back.
  const unavailable = !(error instanceof AppError) && isDatabaseUnavailable(error);
  const appError = error instanceof AppError ? error : unavailable ? serviceUnavailable() : fromFastifyError(error);
  if (appError) {
    if (unavailable) request.log.warn({ err: error }, 'database unavailable');
    else if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    if (appError.headers) reply.headers(appError.headers);
    return reply.status(appError.status).send(render(appError, t));
  }
  request.log.error({ err: error, correlationId: request.id }, 'unexpected error');
  return reply.status(500).send({ detail: t('errors:INTERNAL'), code: 'INTERNAL', correlation_id: request.id });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(answerError);
}
