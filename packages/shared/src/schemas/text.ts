// The one rule for every text a person or a program sends us: no control characters and no broken
// Unicode. A NUL byte cannot be stored in a PostgreSQL text column, a lone surrogate cannot be encoded as
// UTF-8, and CR/LF in a name would reach e-mail headers and bodies. Only fields that really hold several
// lines (a message) accept line breaks and tabs. The client forms and the API use the same builder; the
// API also runs `findTextProblem` over every string of every request, so a field whose schema forgot the
// rule still refuses.
import { z } from 'zod';
import { VALIDATION_MESSAGES as V } from '../errors';

export type TextProblem = 'control' | 'surrogate';

export interface TextOptions {
  /** Accept line breaks and tabs (a message, a note); single-line fields refuse them. */
  multiline?: boolean;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;

/**
 * The first thing wrong with a text, or null when it is acceptable: a control character (C0, DEL, C1;
 * tab and line breaks only where multi-line text is allowed; the Unicode line and paragraph separators
 * count as line breaks) or a surrogate that is not half of a pair. `text()` turns CR LF into LF before
 * this check, so a stored multi-line text holds LF only.
 */
export function findTextProblem(value: string, options: TextOptions = {}): TextProblem | null {
  const multiline = options.multiline === true;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20) {
      if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
      return 'control';
    }
    if (code >= 0x7f && code <= 0x9f) return 'control';
    if (!multiline && (code === LINE_SEPARATOR || code === PARAGRAPH_SEPARATOR)) return 'control';
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return 'surrogate';
    }
    if (code >= 0xdc00 && code <= 0xdfff) return 'surrogate';
  }
  return null;
}

/** Line breaks as one LF: browsers submit a textarea of a plain HTML form with CR LF. */
const normaliseLineBreaks = (value: string) => value.replace(/\r\n?/g, '\n');

/**
 * A text field: `text()` for one line, `text({ multiline: true })` for several. Chain the usual string
 * checks after it (`.trim().min(1).max(150)`); the character rule runs first and alone, so a refused
 * value gets one message.
 */
export function text(options: TextOptions & { error?: string } = {}) {
  const base = z.string(options.error ? { error: options.error } : undefined);
  const normalised = options.multiline ? base.overwrite(normaliseLineBreaks) : base;
  return normalised.refine((value) => findTextProblem(value, options) === null, {
    error: V.forbiddenCharacters,
    abort: true,
  });
}
