// Request bodies of the generic resource calls: text trimmed, a payload holding files sent as
// multipart form data, and string values of named fields left out (e.g. a file field still holding the
// URL of the stored file, which must not be sent back as if it were a new upload).

export type PayloadValue = unknown;

export interface PayloadOptions {
  /** Fields whose string values are dropped from the payload. */
  stripStrings?: readonly string[];
}

const isFile = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

function trimDeep(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimDeep);
  if (value && typeof value === 'object' && !isFile(value) && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimDeep(v)]));
  }
  return value;
}

function hasFile(value: unknown): boolean {
  if (isFile(value)) return true;
  if (Array.isArray(value)) return value.some(hasFile);
  return false;
}

function appendField(form: FormData, key: string, value: unknown) {
  if (value === undefined) return;
  if (isFile(value)) {
    form.append(key, value, value instanceof File ? value.name : key);
  } else if (Array.isArray(value)) {
    for (const item of value) appendField(form, key, item);
  } else if (value === null) {
    form.append(key, '');
  } else if (value instanceof Date) {
    form.append(key, value.toISOString());
  } else if (typeof value === 'object') {
    form.append(key, JSON.stringify(value));
  } else {
    form.append(key, String(value));
  }
}

/** The body to send: a plain object (JSON), or FormData when any field holds a file. */
export function toPayload(
  values: Record<string, unknown>,
  options: PayloadOptions = {},
): Record<string, unknown> | FormData {
  const strip = new Set(options.stripStrings ?? []);
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (strip.has(key) && typeof value === 'string') continue;
    cleaned[key] = trimDeep(value);
  }
  if (!Object.values(cleaned).some(hasFile)) return cleaned;
  const form = new FormData();
  for (const [key, value] of Object.entries(cleaned)) appendField(form, key, value);
  return form;
}
