// Turns list query parameters (page, per_page, order_by__, filters) into SQL. Every value is a
// bound parameter; every unknown field or bad value is a 400 naming it, never silently ignored.
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@lombard/shared/constants';
import { and, asc, desc, eq, gte, inArray, lt, notInArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { AppError, type FieldMessage, fieldError } from '../errors';
import type { AnyResource, FieldSpec, FieldType, IdType, ResourceContext } from './types';

/** Day boundaries of date filters on timestamps: the bank's calendar. */
export const BUSINESS_TIME_ZONE = 'Europe/Rome';

/** Values that mean "no filter": empty or null filters are dropped. */
const EMPTY_VALUES = new Set(['', 'null', 'None', 'undefined']);

type Operator = 'exact' | 'in' | 'gte' | 'lte' | 'icontains';

const OPERATORS: Record<FieldType, Operator[]> = {
  id: ['exact', 'in', 'gte', 'lte'],
  integer: ['exact', 'in', 'gte', 'lte'],
  amount: ['exact', 'in', 'gte', 'lte'],
  date: ['exact', 'gte', 'lte'],
  datetime: ['exact', 'gte', 'lte'],
  text: ['exact', 'in', 'icontains'],
  enum: ['exact', 'in'],
  boolean: ['exact'],
  tags: ['exact', 'in'],
};

const INT32_MAX = 2_147_483_647;
const INTEGER_RE = /^-?\d{1,10}$/;
const AMOUNT_RE = /^-?\d{1,16}(\.\d{1,6})?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class BadValue extends Error {}

function isValidDate(value: string) {
  const match = DATE_RE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1;
}

function parseScalar(spec: FieldSpec, raw: string): string | number | boolean {
  switch (spec.type) {
    case 'id':
    case 'integer': {
      if (!INTEGER_RE.test(raw) || Math.abs(Number(raw)) > INT32_MAX) throw new BadValue();
      return Number(raw);
    }
    case 'amount':
      if (!AMOUNT_RE.test(raw)) throw new BadValue();
      return raw;
    case 'date':
      if (!isValidDate(raw)) throw new BadValue();
      return raw;
    case 'datetime':
      if (isValidDate(raw)) return raw;
      if (Number.isNaN(Date.parse(raw)) || !/^\d{4}-\d{2}-\d{2}T/.test(raw)) throw new BadValue();
      return new Date(raw).toISOString();
    case 'boolean': {
      // The client sends True/False; lower-case and 1/0 are accepted too.
      const lowered = raw.toLowerCase();
      if (lowered === 'true' || raw === '1') return true;
      if (lowered === 'false' || raw === '0') return false;
      throw new BadValue();
    }
    case 'enum':
    case 'tags': {
      if (!spec.values) return raw;
      const match = spec.values.find((v) => String(v) === raw);
      if (match === undefined) throw new BadValue();
      return match;
    }
    default:
      return raw;
  }
}

const dayStart = (day: string) => sql`((${day})::date)::timestamp at time zone ${BUSINESS_TIME_ZONE}`;
const nextDayStart = (day: string) => sql`(((${day})::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

/** Escapes LIKE wildcards so that `50%` searches for the characters, not a pattern. */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function condition(spec: FieldSpec, operator: Operator, values: Array<string | number | boolean>): SQL {
  const expr = spec.expr;
  const value = values[0]!;
  const isDay = spec.type === 'datetime' && typeof value === 'string' && DATE_RE.test(value);
  const cast = (v: string | number | boolean) => (spec.type === 'amount' ? sql`cast(${v} as numeric)` : v);
  switch (operator) {
    case 'exact':
      if (spec.type === 'tags') return sql`${value} = any(${expr})`;
      if (isDay) return and(gte(expr, dayStart(value)), lt(expr, nextDayStart(value)))!;
      if (spec.type === 'datetime') return sql`${expr} = ${value}::timestamptz`;
      if (spec.type === 'date') return sql`${expr} = ${value}::date`;
      return spec.type === 'amount' ? sql`${expr} = ${cast(value)}` : eq(expr, value);
    case 'in':
      if (spec.type === 'tags')
        return sql`${expr} && array[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`;
      return inArray(expr, values.map(cast));
    case 'gte':
      if (isDay) return gte(expr, dayStart(value));
      if (spec.type === 'datetime') return sql`${expr} >= ${value}::timestamptz`;
      if (spec.type === 'date') return sql`${expr} >= ${value}::date`;
      return sql`${expr} >= ${cast(value)}`;
    case 'lte':
      // A day as upper bound includes the whole day.
      if (isDay) return lt(expr, nextDayStart(value));
      if (spec.type === 'datetime') return sql`${expr} <= ${value}::timestamptz`;
      if (spec.type === 'date') return sql`${expr} <= ${value}::date`;
      return sql`${expr} <= ${cast(value)}`;
    case 'icontains':
      return sql`${expr}::text ilike ${likePattern(String(value))}`;
  }
}

/** Query values arrive as a string or, for a repeated key, an array of strings. */
function rawValues(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .filter((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v))
    .map(String);
}

/**
 * Filters of a list or export (everything but page, per_page and order_by__). Returns the SQL
 * conditions, or throws a 400 naming each bad field.
 */
export function filterConditions(resource: AnyResource, query: Record<string, unknown>): SQL[] {
  const conditions: SQL[] = [];
  const errors: Record<string, FieldMessage[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'per_page' || key === 'order_by__') continue;
    const values = rawValues(value)
      .flatMap((v) => (key.endsWith('__in') ? v.split(',') : [v]))
      .map((v) => v.trim())
      .filter((v) => !EMPTY_VALUES.has(v));
    if (key === 'search') {
      if (!resource.search) {
        errors[key] = [{ key: 'resource:unknownFilter', params: { field: key } }];
      } else if (values.length > 0) {
        const pattern = likePattern(values.join(' '));
        conditions.push(or(...resource.search.map((expr: SQLWrapper) => sql`${expr}::text ilike ${pattern}`))!);
      }
      continue;
    }
    const separator = key.lastIndexOf('__');
    const hasOperator = separator > 0 && ['in', 'gte', 'lte', 'icontains'].includes(key.slice(separator + 2));
    const name = hasOperator ? key.slice(0, separator) : key;
    const operator = (hasOperator ? key.slice(separator + 2) : 'exact') as Operator;
    const spec = Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;
    if (!spec?.filterable) {
      errors[key] = [{ key: 'resource:unknownFilter', params: { field: key } }];
      continue;
    }
    if (!OPERATORS[spec.type].includes(operator)) {
      errors[key] = [{ key: 'resource:unsupportedOperator', params: { field: key } }];
      continue;
    }
    if (values.length === 0) continue;
    if (operator !== 'in' && values.length > 1) {
      errors[key] = [{ key: 'resource:singleValue', params: { field: key } }];
      continue;
    }
    try {
      const parsed = operator === 'icontains' ? values : values.map((v) => parseScalar(spec, v));
      conditions.push(condition(spec, operator, parsed));
    } catch (error) {
      if (!(error instanceof BadValue)) throw error;
      errors[key] = [{ key: 'resource:invalidFilterValue', params: { field: key } }];
    }
  }
  if (Object.keys(errors).length > 0) throw fieldError(errors);
  return conditions;
}

/**
 * `order_by__=-created_at,email` → ORDER BY, with the id as the final tie-breaker so pages are stable.
 * The tie-breaker runs in the first term's direction: rows written in the same millisecond still come
 * newest first under `-created_at`, because ids grow with insertion.
 */
export function orderBy(resource: AnyResource, raw: unknown): SQL[] {
  const value = rawValues(raw).join(',').trim();
  const terms = value
    ? value
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
    : (resource.defaultOrder ?? []);
  const order: SQL[] = [];
  const unknown: string[] = [];
  for (const term of terms) {
    const descending = term.startsWith('-');
    const name = descending ? term.slice(1) : term;
    const spec = Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;
    if (!spec?.sortable) {
      unknown.push(name);
      continue;
    }
    // Empty values last in both directions: a list sorted by last login starts with real dates.
    order.push(descending ? sql`${desc(spec.expr)} nulls last` : sql`${asc(spec.expr)} nulls last`);
  }
  if (unknown.length > 0) {
    throw fieldError({ order_by__: unknown.map((field) => ({ key: 'resource:unknownSort', params: { field } })) });
  }
  order.push(terms[0]?.startsWith('-') ? desc(resource.id) : asc(resource.id));
  return order;
}

function positiveInteger(raw: unknown, field: string, fallback: number): number {
  const values = rawValues(raw);
  if (values.length === 0 || values[0] === '') return fallback;
  if (values.length > 1 || !/^\d{1,9}$/.test(values[0]!) || Number(values[0]) < 1) {
    throw fieldError({ [field]: { key: 'resource:invalidPageValue', params: { field } } });
  }
  return Number(values[0]);
}

/** page (default 1) and per_page (default 10, capped at 100). */
export function paging(query: Record<string, unknown>) {
  const page = positiveInteger(query.page, 'page', DEFAULT_PAGE);
  const perPage = Math.min(positiveInteger(query.per_page, 'per_page', DEFAULT_PER_PAGE), MAX_PER_PAGE);
  return { page, perPage };
}

/** An id from a path or a bulk selection, or null when it cannot be one (→ 404 / 400). */
export function parseId(type: IdType | undefined, raw: unknown): string | number | null {
  const value = typeof raw === 'number' ? String(raw) : raw;
  if (typeof value !== 'string' || value === '') return null;
  switch (type ?? 'integer') {
    case 'integer':
      return /^\d{1,10}$/.test(value) && Number(value) <= INT32_MAX && Number(value) > 0 ? Number(value) : null;
    case 'uuid':
      return UUID_RE.test(value) ? value.toLowerCase() : null;
    default:
      return value.length <= 200 ? value : null;
  }
}

/**
 * Bulk selection. `excluded_ids` present (even empty) is select-all mode: every filtered
 * row except those. Otherwise `filtered_ids` are the selected rows. Neither: every filtered row.
 */
export function selectionCondition(
  resource: AnyResource,
  selection: { filtered_ids?: Array<string | number> | undefined; excluded_ids?: Array<string | number> | undefined },
): SQL | undefined {
  const parse = (ids: Array<string | number>, field: string) =>
    ids.map((raw) => {
      const id = parseId(resource.idType, raw);
      if (id === null) throw fieldError({ [field]: 'validation:invalid' });
      return id;
    });
  if (selection.excluded_ids !== undefined) {
    if (selection.filtered_ids && selection.filtered_ids.length > 0) {
      throw fieldError({ non_field_errors: 'resource:ambiguousSelection' });
    }
    const excluded = parse(selection.excluded_ids, 'excluded_ids');
    return excluded.length > 0 ? notInArray(resource.id, excluded) : undefined;
  }
  if (selection.filtered_ids !== undefined) {
    const selected = parse(selection.filtered_ids, 'filtered_ids');
    return selected.length > 0 ? inArray(resource.id, selected) : sql`false`;
  }
  return undefined;
}

/** The caller's scope and the request's conditions, combined. */
export function whereOf(resource: AnyResource, context: ResourceContext, conditions: Array<SQL | undefined>) {
  return and(resource.scope(context), ...conditions);
}

export function notFoundError() {
  return new AppError('NOT_FOUND');
}
