import { describe, expect, it } from 'vitest';
import { cleanErrorString, formatErrorBody, readErrorBody } from './error-format';

describe('formatErrorBody — string bodies', () => {
  it('removes brackets and double quotes', () => {
    expect(formatErrorBody('["Not allowed"]')).toEqual(['Not allowed']);
    expect(formatErrorBody('[Not allowed]')).toEqual(['Not allowed']);
  });

  it('removes quoting single quotes but keeps apostrophes inside words', () => {
    expect(cleanErrorString("['Email addresses don't match.']")).toBe("Email addresses don't match.");
    expect(cleanErrorString("'There's something wrong'")).toBe("There's something wrong");
  });

  it('returns nothing for an empty string or an HTML error page', () => {
    expect(formatErrorBody('  ')).toEqual([]);
    expect(formatErrorBody('<html><body>Bad gateway</body></html>')).toEqual([]);
  });

  it('formats a string that holds a JSON object like the object itself', () => {
    expect(formatErrorBody('{"first_name": ["Value is required."]}')).toEqual(['first name: Value is required.']);
  });
});

describe('formatErrorBody — object bodies', () => {
  it('prefixes each message with its field name, underscores turned into spaces', () => {
    expect(formatErrorBody({ first_name: ['Value is required.'], new_password2: ["Passwords don't match."] })).toEqual([
      'first name: Value is required.',
      "new password2: Passwords don't match.",
    ]);
  });

  it('shows one line per message of a field', () => {
    expect(formatErrorBody({ password: ['Too short.', 'Too common.'] })).toEqual([
      'password: Too short.',
      'password: Too common.',
    ]);
  });

  it('shows __all__, non_field_errors, detail and msg without a prefix', () => {
    expect(formatErrorBody({ __all__: ['A'], non_field_errors: ['B'], detail: 'C', msg: 'D', email: ['E'] })).toEqual([
      'A',
      'B',
      'C',
      'D',
      'email: E',
    ]);
  });

  it('skips status_code and the code / correlation_id metadata', () => {
    expect(
      formatErrorBody({ detail: 'Element not found', status_code: 404, code: 'NOT_FOUND', correlation_id: 'x' }),
    ).toEqual(['Element not found']);
  });

  it('prefixes nested fields with the full path', () => {
    expect(formatErrorBody({ residence_address: { post_code: ['Value is required.'] } })).toEqual([
      'residence address post code: Value is required.',
    ]);
  });

  it('cleans the messages themselves', () => {
    expect(formatErrorBody({ iban: ['["IBAN is not valid."]'] })).toEqual(['iban: IBAN is not valid.']);
  });

  it('returns nothing for null, undefined or an object without messages', () => {
    expect(formatErrorBody(null)).toEqual([]);
    expect(formatErrorBody(undefined)).toEqual([]);
    expect(formatErrorBody({ status_code: 500 })).toEqual([]);
  });
});

describe('readErrorBody — blob bodies', () => {
  it('parses a JSON blob, whose msg is then shown plain', async () => {
    const blob = new Blob([JSON.stringify({ msg: 'File not available' })], { type: 'application/json' });
    const body = await readErrorBody(blob);
    expect(body).toEqual({ msg: 'File not available' });
    expect(formatErrorBody(body)).toEqual(['File not available']);
  });

  it('returns the text of a blob that is not JSON', async () => {
    expect(await readErrorBody(new Blob(['Server error'], { type: 'text/plain' }))).toBe('Server error');
  });

  it('passes other bodies through', async () => {
    const body = { detail: 'x' };
    expect(await readErrorBody(body)).toBe(body);
  });
});
