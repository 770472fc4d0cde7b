import { describe, expect, it } from 'vitest';
import { toPayload } from './payload';

describe('toPayload', () => {
  it('trims text, also inside lists and objects, and keeps other values', () => {
    expect(
      toPayload({ name: '  Anna ', tags: [' a ', 'b '], address: { city: ' Milano ' }, age: 3, ok: false, none: null }),
    ).toEqual({
      name: 'Anna',
      tags: ['a', 'b'],
      address: { city: 'Milano' },
      age: 3,
      ok: false,
      none: null,
    });
  });

  it('drops the string values of the named fields only', () => {
    const file = new File(['x'], 'front.pdf', { type: 'application/pdf' });
    expect(
      toPayload(
        { front_file: '/media/old.pdf', back_file: null, note: ' n ' },
        { stripStrings: ['front_file', 'back_file'] },
      ),
    ).toEqual({
      back_file: null,
      note: 'n',
    });
    const withFile = toPayload({ front_file: file }, { stripStrings: ['front_file'] });
    expect(withFile).toBeInstanceOf(FormData);
  });

  it('sends a payload with a file as multipart form data, text trimmed', () => {
    const file = new File(['%PDF'], 'id card.pdf', { type: 'application/pdf' });
    const body = toPayload({ document: file, number: ' AB123 ', pages: [1, 2], expires: null });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect((form.get('document') as File).name).toBe('id card.pdf');
    expect(form.get('number')).toBe('AB123');
    expect(form.getAll('pages')).toEqual(['1', '2']);
    expect(form.get('expires')).toBe('');
  });
});
