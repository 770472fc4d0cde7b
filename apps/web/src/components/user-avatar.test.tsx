import { describe, expect, it } from 'vitest';
import { avatarSource, initialsOf } from './user-avatar';

describe('initialsOf', () => {
  it('uses the first letters of first and last name', () => {
    expect(initialsOf({ email: 'x@y.it', first_name: 'chiara', last_name: 'Conti' })).toBe('CC');
  });

  it('falls back to the first two letters of the e-mail when a name is missing', () => {
    expect(initialsOf({ email: 'mario@y.it', first_name: 'Mario', last_name: ' ' })).toBe('MA');
    expect(initialsOf({ email: 'lu@y.it', first_name: '', last_name: '' })).toBe('LU');
  });
});

describe('avatarSource', () => {
  it('turns bare base64 into a data URL and keeps data URLs as they are', () => {
    expect(avatarSource('iVBOR')).toBe('data:image/png;base64,iVBOR');
    expect(avatarSource('data:image/jpeg;base64,xx')).toBe('data:image/jpeg;base64,xx');
    expect(avatarSource(null)).toBeNull();
  });
});
