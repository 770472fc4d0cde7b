import { describe, expect, it } from 'vitest';
import { memoize } from './memoize';

describe('memoize', () => {
  it('works each input out once, and starts again once it holds its most', () => {
    const seen: string[] = [];
    const upper = memoize((text) => {
      seen.push(text);
      return text.toUpperCase();
    }, 2);
    expect([upper('a'), upper('a'), upper('b')]).toEqual(['A', 'A', 'B']);
    expect(seen).toEqual(['a', 'b']);
    // Full: a third input clears what was kept.
    expect(upper('c')).toBe('C');
    expect(upper('a')).toBe('A');
    expect(seen).toEqual(['a', 'b', 'c', 'a']);
  });
});
