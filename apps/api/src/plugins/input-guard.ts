// The safety net under the shared text rule (packages/shared/src/schemas/text.ts): every string of
// every request — body, query string and path parameters, keys included — is checked before the route's
// schema runs, so a route whose schema forgot `text()` still answers 400 instead of letting a NUL byte or
// a lone surrogate reach the database (a 500, and a log line full of parameters).
// Only what no field accepts is refused here; single-line fields refuse line breaks through `text()`.
import { findTextProblem } from '@lombard/shared/schemas/text';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { fieldError } from '../lib/errors';
import { addRouteHook, isBodiless, isProbe } from '../lib/route-hooks';

const MULTILINE = { multiline: true } as const;
/** Deeper than any form; a body nested further is refused rather than walked. */
const MAX_DEPTH = 32;

interface BadInput {
  /** As in validation answers: a dotted path, or non_field_errors. */
  field: string;
  message: string;
}

const FORBIDDEN = 'validation:forbiddenCharacters';

/**
 * The first bad string (or a nesting deeper than any form) of a value, or null. `path` is where `value`
 * sits: one array, extended and restored on the way down, so that walking a clean request (nearly every
 * request) makes no path for each field it passes; a field is named only once it is found bad.
 */
function findBadField(value: unknown, path: string[]): BadInput | null {
  if (typeof value === 'string') {
    return findTextProblem(value, MULTILINE) ? { field: fieldName(path), message: FORBIDDEN } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (path.length > MAX_DEPTH) return { field: fieldName(path), message: 'validation:invalid' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findBadFieldAt(value[i], path, String(i));
      if (bad) return bad;
    }
    return null;
  }
  // Buffers, streams and files (uploads) are not text. A parsed query string is an object whose prototype
  // has none (the parser's own empty class): it is data, like a plain object.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== null && Object.getPrototypeOf(prototype) !== null) return null;
  for (const key of Object.keys(value)) {
    // A bad key cannot be named in the answer: it is reported for the whole request.
    if (findTextProblem(key, MULTILINE)) return { field: 'non_field_errors', message: FORBIDDEN };
    const bad = findBadFieldAt((value as Record<string, unknown>)[key], path, key);
    if (bad) return bad;
  }
  return null;
}

/** findBadField of an item of the value at `path`, named `name`. */
function findBadFieldAt(item: unknown, path: string[], name: string): BadInput | null {
  path.push(name);
  const bad = findBadField(item, path);
  path.pop();
  return bad;
}

const fieldName = (path: string[]) => (path.length > 0 ? path.join('.') : 'non_field_errors');

function findBadInput(request: Pick<FastifyRequest, 'body' | 'query' | 'params'>): BadInput | null {
  return findBadField(request.params, []) ?? findBadField(request.query, []) ?? findBadField(request.body, []);
}

const guardInput: onRequestHookHandler = (request, _reply, done) => {
  const bad = findBadInput(request);
  done(bad ? fieldError({ [bad.field]: bad.message }) : undefined);
};

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A probe reads nothing of the request. A request without a body is checked as it arrives (its path
  // and query string are read by then), in the stage its route already runs for the limits and the
  // sign-in, after those and after its guards (app.ts registers this plugin after route-guards.ts);
  // one with a body once the body is parsed.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (isProbe(route)) return;
    if (isBodiless(route)) addRouteHook(route, 'onRequest', guardInput);
    else addRouteHook(route, 'preValidation', guardInput, { first: true });
  });
});
