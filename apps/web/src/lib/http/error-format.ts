// Turns an error response body into the lines a toast shows. Pure, so that every rule is
// unit-tested; the interceptors decide when to show it.

/** Keys whose messages are shown without a field-name prefix. */
const PLAIN_KEYS = new Set(['__all__', 'non_field_errors', 'detail', 'msg']);
/**
 * Keys that are metadata, not messages: status_code, and the machine-readable `code` and
 * `correlation_id` that this API adds next to `detail`.
 */
const SKIPPED_KEYS = new Set(['status_code', 'code', 'correlation_id']);

/**
 * String bodies are shown cleaned of brackets and quotes, so that a serialised list such as
 * `["Not allowed"]` reads "Not allowed". An apostrophe between two letters ("don't") is part of the
 * text and stays.
 */
export function cleanErrorString(text: string): string {
  return text
    .replace(/[[\]"]/g, '')
    .replace(/(?<!\p{L})'|'(?!\p{L})/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function fieldLabel(key: string): string {
  return key.replace(/_+/g, ' ').trim();
}

function collect(value: unknown, prefix: string | null, out: string[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, prefix, out);
    return;
  }
  if (typeof value === 'object') {
    for (const [key, nested] of Object.entries(value as Record<string, unknown>)) {
      if (SKIPPED_KEYS.has(key)) continue;
      const label = PLAIN_KEYS.has(key) ? prefix : prefix ? `${prefix} ${fieldLabel(key)}` : fieldLabel(key);
      collect(nested, label, out);
    }
    return;
  }
  const text = cleanErrorString(String(value));
  if (text === '') return;
  out.push(prefix ? `${prefix}: ${text}` : text);
}

/**
 * The lines to show for a body: one line for a string, one bullet per message for an object (field
 * name as prefix, except `__all__`, `non_field_errors`, `detail` and `msg`; underscores become spaces;
 * `status_code` skipped). An empty result means "nothing readable": the caller shows a generic message.
 */
export function formatErrorBody(body: unknown): string[] {
  if (body === null || body === undefined) return [];
  if (typeof body === 'string') {
    const parsed = parseJson(body);
    if (parsed !== undefined && typeof parsed === 'object' && parsed !== null) return formatErrorBody(parsed);
    // A proxy's HTML error page says nothing a customer can use.
    if (/^\s*</.test(body)) return [];
    const text = cleanErrorString(body);
    return text ? [text] : [];
  }
  const lines: string[] = [];
  collect(body, null, lines);
  return lines;
}

/** Whether a body names fields (`{first_name: [...]}`): a validation error, not a plain refusal. */
export function namesFields(body: unknown): boolean {
  if (typeof body === 'string') {
    const parsed = parseJson(body);
    return parsed !== undefined && namesFields(parsed);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  return Object.keys(body).some((key) => !PLAIN_KEYS.has(key) && !SKIPPED_KEYS.has(key));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Bodies of calls made with `responseType: 'blob'` (downloads) arrive as a Blob even when the server
 * answered with a JSON error: read it and parse it when it is JSON, so it can be formatted like any other.
 */
export async function readErrorBody(data: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    const text = await data.text();
    const parsed = parseJson(text);
    return parsed === undefined ? text : parsed;
  }
  return data;
}
